// `npm start`: production mode. Builds the web client when dist/web is missing or
// older than its sources, then runs the server (which migrates the database and
// loads demo data into an empty embedded database).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist/web/index.html');

/** Newest modification time (ms) of any file below `dir`. */
function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

const sources = [path.join(root, 'src/web'), path.join(root, 'src/contract')];
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web client…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
