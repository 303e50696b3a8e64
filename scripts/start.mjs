// `npm start`: production mode. Builds the web client and compiles the server when their
// inputs changed since the last build (a hash of every input file's path and content,
// kept beside the output: touching or checking out files without changing them never
// rebuilds; issue 21), then runs the compiled server in this process (which migrates the
// database and loads demo data into an empty embedded database).
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
// The server runs compiled (no TypeScript loader at start: issue "Performance", cold start).
const entry = path.join(root, 'dist/server/server/main.js');
build('Compiling the server…', 'dist/server/server/main.js', 'dist/server/.inputs-hash', ['src/server', 'tsconfig.server.json', ...shared], 'node_modules/typescript/bin/tsc', ['-p', 'tsconfig.server.json']);

// In this process (one Node start fewer); the server handles SIGINT/SIGTERM itself.
process.env.NODE_ENV = 'production';
await import(pathToFileURL(entry).href);
