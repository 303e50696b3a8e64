// `npm start`: production mode. Builds the web client and bundles the server when their
// inputs changed since the last build (scripts/build.mjs), then runs the bundled server
// (scripts/build-server.mjs; no TypeScript loader at start: docs/operations.md "Start time") in this process, which
// migrates the database and loads demo data into an empty embedded database. Stack traces
// name the bundle's lines (unminified, each module headed by its source path); with
// NODE_OPTIONS=--enable-source-maps they name the sources, at ~0.2 s more per start.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureBuilt();

// In this process (one Node start fewer); the server handles SIGINT/SIGTERM itself.
process.env.NODE_ENV = 'production';
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
