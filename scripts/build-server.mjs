// Builds the server for `npm start` (restart time, docs/benchmarks.md): esbuild bundles
// src/server/main.ts with what it imports, our modules and the npm packages, into
// dist/server/main.js plus shared chunks in dist/server/chunks/ (the modules the server
// loads on first use, e.g. node-postgres, nodemailer, the OpenAPI document, stay in
// chunks of their own and load only then). One file read and compiled instead of some
// thousand resolved, read and linked one by one: a restart's main thread spent ~0.3–0.5 s
// on that. Types are checked by `npm run typecheck`; this only emits.
//
// Left outside the bundle, loaded from node_modules at run time: packages that read files
// beside their own code (PGlite's WebAssembly and data files, Swagger UI's assets,
// @fastify/swagger's package.json), native addons (sharp, pg-native), and web-push (also
// loaded through `createRequire` by lib/data-dir-secrets.ts: one copy). Bundled CommonJS code gets
// `require`, `__filename` and `__dirname` of its chunk (write-file-atomic names its
// temporary files after `__filename`).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist/server');

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/server/main.ts' },
  outdir,
  chunkNames: 'chunks/[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  external: ['@electric-sql/pglite', 'sharp', 'pg-native', '@fastify/swagger', '@fastify/swagger-ui', 'web-push'],
  banner: {
    js: [
      "import { createRequire as __bundleRequire } from 'node:module';",
      "import { dirname as __bundleDirname } from 'node:path';",
      "import { fileURLToPath as __bundleFilePath } from 'node:url';",
      'const require = __bundleRequire(import.meta.url);',
      'const __filename = __bundleFilePath(import.meta.url);',
      'const __dirname = __bundleDirname(__filename);',
    ].join(' '),
  },
});
