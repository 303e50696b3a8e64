// `npm start`: production mode. Builds the web client and bundles the server when their
// inputs changed since the last build (a hash of every input file's path and content,
// kept beside the output: touching or checking out files without changing them never
// rebuilds; issue 21), then runs the bundled server in this process (which migrates the
// database and loads demo data into an empty embedded database). Stack traces name the
// bundle's lines (unminified, each module headed by its source path); with
// NODE_OPTIONS=--enable-source-maps they name the sources, at ~0.2 s more per start.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every file below `p` (or `p` itself), sorted. */
function files(p) {
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => files(path.join(p, e.name)));
}

/** Hash of the paths and contents of every file of `inputs` (relative to the root). */
function inputsHash(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((i) => files(path.join(root, i)))) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Runs `node <script> <args>` in the package root; exits when it fails. */
function run(script, args) {
  const result = spawnSync(process.execPath, [path.join(root, script), ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Builds `output` with `script args` unless its stamp holds the hash of `inputs`. */
function build(label, output, stamp, inputs, script, args) {
  const hash = inputsHash(inputs);
  const stampFile = path.join(root, stamp);
  if (existsSync(path.join(root, output)) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) return;
  console.log(label);
  run(script, args);
  writeFileSync(stampFile, hash);
}

const shared = ['src/contract', 'package-lock.json'];
build('Building the web client…', 'dist/web/index.html', 'dist/web/.inputs-hash', ['src/web', 'vite.config.ts', 'tsconfig.json', ...shared], 'node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn']);
// The server runs bundled (scripts/build-server.mjs; no TypeScript loader at start: issue 21).
const entry = path.join(root, 'dist/server/main.js');
build('Bundling the server…', 'dist/server/main.js', 'dist/server/.inputs-hash', ['src/server', 'scripts/build-server.mjs', ...shared], 'scripts/build-server.mjs', []);

// In this process (one Node start fewer); the server handles SIGINT/SIGTERM itself.
process.env.NODE_ENV = 'production';
await import(pathToFileURL(entry).href);
