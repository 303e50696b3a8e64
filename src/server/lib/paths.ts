/**
 * The package's root folder (the one holding package.json), found from this file's
 * location, so paths to `drizzle/`, `dist/web` and the demo images hold both when
 * the server runs from its TypeScript sources (tsx) and from the compiled `dist/server`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** Absolute path of the package root. */
export const PACKAGE_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
