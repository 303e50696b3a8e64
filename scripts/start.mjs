// `npm start`: production mode. Builds the web client and compiles the server when
// dist/web or dist/server is missing or older than its sources, then runs the compiled
// server in this process (which migrates the database and loads demo data into an empty embedded database).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time (ms) of any file below `dir`. */
function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

/** Runs `node <script> <args>` in the package root; exits when it fails. */
function run(script, args) {
  const result = spawnSync(process.execPath, [path.join(root, script), ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** True when `output` is missing or older than any file below `sources`. */
function stale(output, sources) {
  return !existsSync(output) || Math.max(...sources.map((s) => newest(path.join(root, s)))) > statSync(output).mtimeMs;
}

if (stale(path.join(root, 'dist/web/index.html'), ['src/web', 'src/contract'])) {
  console.log('Building the web client…');
  run('node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn']);
}
// The server runs compiled (no TypeScript loader at start: issue "Performance", cold start).
const entry = path.join(root, 'dist/server/server/main.js');
if (stale(entry, ['src/server', 'src/contract'])) {
  console.log('Compiling the server…');
  run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.server.json']);
}

// In this process (one Node start fewer); the server handles SIGINT/SIGTERM itself.
process.env.NODE_ENV = 'production';
await import(pathToFileURL(entry).href);
