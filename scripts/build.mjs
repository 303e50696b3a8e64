// `npm run build` and the build step of `npm start` (nothing is rebuilt when nothing
// changed, docs/operations.md "Running"). Each output (the web client in dist/web, the bundled server in
// dist/server) is stamped with a hash of its inputs' paths and contents; `ensureBuilt()` builds
// only an output whose stamp differs (touching or checking out files without changing them
// never rebuilds), `npm run build` (this file run directly) builds both and stamps them, so an
// `npm start` after it builds nothing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

const shared = ['src/contract', 'package-lock.json'];
/** The two outputs: what marks them built, their stamp, their inputs and the script that builds them. */
const OUTPUTS = [
  {
    label: 'Building the web client…',
    output: 'dist/web/index.html',
    stamp: 'dist/web/.inputs-hash',
    inputs: ['src/web', 'vite.config.ts', 'scripts/unused-daisyui-rules.ts', 'scripts/control-wrappers.ts', 'scripts/color-mix-fallbacks.ts', 'lingui.config.ts', 'tsconfig.json', ...shared],
    script: 'node_modules/vite/bin/vite.js',
    args: ['build', '--logLevel', 'warn'],
  },
  {
    label: 'Bundling the server…',
    output: 'dist/server/main.js',
    stamp: 'dist/server/.inputs-hash',
    inputs: ['src/server', 'scripts/build-server.mjs', ...shared],
    script: 'scripts/build-server.mjs',
    args: [],
  },
];

/**
 * Builds every output whose stamp does not hold the hash of its inputs (all of them with
 * `force`), then stamps it. Exits the process when a build fails.
 */
export function ensureBuilt({ force = false } = {}) {
  for (const o of OUTPUTS) {
    const hash = inputsHash(o.inputs);
    const stampFile = path.join(root, o.stamp);
    const built = existsSync(path.join(root, o.output)) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;
    if (built && !force) continue;
    console.log(o.label);
    run(o.script, o.args);
    writeFileSync(stampFile, hash);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureBuilt({ force: true });
