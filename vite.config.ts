// Vite builds the React client from src/web into dist/web; the dev server proxies /api to Fastify.
// Each page is its own chunk (src/web/app/routes.tsx); React, the router (wouter), Lingui's runtime and Vite's preload helper share one
// long-cached vendor chunk, TanStack Query another; text assets are written precompressed
// (.br, .gz) for the server to send as they are.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { colorMixFallbacks } from './scripts/color-mix-fallbacks.js';
import { unusedDaisyuiRules } from './scripts/unused-daisyui-rules.js';

/**
 * The installable app (docs/architecture.md "On phones"): the web app manifest, and the service worker of
 * src/web/sw/sw.ts with the list of built files to precache injected. Registered by
 * the client itself, lazily (features/pwa/register.ts), so nothing is added to the
 * home page's first JavaScript.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    id: '/',
    name: 'Plateful',
    short_name: 'Plateful',
    description: 'Share surplus food with your neighbours before it goes to waste.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#4338ca',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The shell and every built script and style (the manifest and its icons are added by the plugin); not the precompressed copies.
    globPatterns: ['**/*.{js,css,html,svg}'],
    globIgnores: ['**/node_modules/**', 'sw.js'],
  },
  integration: {
    // The manifest is answered in the page's language (src/server/previews/manifest.ts): never from the precache.
    beforeBuildServiceWorker(options) {
      const entries = options.injectManifest.additionalManifestEntries ?? [];
      options.injectManifest.additionalManifestEntries = entries.filter((e) => (typeof e === 'string' ? e : e.url) !== 'manifest.webmanifest');
    },
  },
});

/**
 * Lingui's macros (`<Trans>`, `t`, `msg`; docs/translating.md) compiled by Babel, only in the files that import
 * them; the rest of the client goes through Vite's own transform.
 */
export const linguiMacros = babel({
  presets: [
    defineRolldownBabelPreset({
      preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
      rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
    }),
  ],
});

/** Common chunks never inlined: those with styles, and those of the entry's shared modules (see `codeSplitting`). */
const INLINE_EXCLUDED =
  /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)|src\/web\/(lib\/(http|savedAnswers|lightQuery|toast|intl|apiErrors|sessionEvents|title|i18n)|features\/(auth\/(AuthProvider|useAuth|api\/session)|foods\/api\/keys)|ui\/(Spinner|ErrorPage))\./;

const brotli = promisify(brotliCompress);

/**
 * Writes `file.br` (brotli 11) and `file.gz` beside every built text file over 1 KiB (served precompressed,
 * docs/operations.md). The gzip is Zopfli's (RFC 1952, any gzip reader inflates it): 3 % smaller than zlib's
 * level 9 (the vendor chunk 73.3 → 70.9 KB); one iteration keeps most of that at half the build time of 15.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'plateful-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(outDir, f);
          const data = await readFile(file);
          if (data.length < 1024) return;
          await writeFile(`${file}.br`, await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${file}.gz`, await gzipAsync(data, { numiterations: 1 }));
        }),
      );
    },
  };
}

export default defineConfig({
  root: 'src/web',
  resolve: {
    alias: {
      // wouter reaches useSyncExternalStore through the React 17 shim; React 19 has it (fewer bytes).
      'use-sync-external-store/shim/index.js': path.join(import.meta.dirname, 'src/web/lib/syncExternalStore.ts'),
    },
  },
  publicDir: 'public',
  css: { postcss: { plugins: [unusedDaisyuiRules(), colorMixFallbacks()] } },
  // lingui(): each `locales/*.json?lingui` import becomes that locale's compiled catalog (no parser in the browser).
  plugins: [react(), linguiMacros, lingui(), tailwindcss(), pwa, precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // bench/client-weight.ts reads the manifest to weigh each route's initial JS and CSS.
    manifest: true,
    // Every browser the app supports has modulepreload; the polyfill only adds bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Shared and lazy chunks, and stylesheets, by content hash alone: the entry lists every
        // chunk and stylesheet it may preload, and a name in each of ~60 paths cost the home page
        // 0.4 KB gzip (each stylesheet file still costs it about 20 bytes: docs/benchmarks.md).
        // dist/web/.vite/manifest.json maps sources to files.
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: (asset) => (asset.names.some((n) => n.endsWith('.css')) ? 'assets/[hash].css' : 'assets/[name]-[hash][extname]'),
        codeSplitting: {
          // Small shared chunks (under 8 KiB of source) are copied into the chunks that
          // use them, one module state kept by rolldown's runtime registry: /food/{id} loads 7
          // script files, not 13, each a request on the critical path of a phone's first paint.
          // Chunks with styles stay files (Vite's own exclusion), and so do those of the entry's modules that
          // lazily loaded pages share (http, i18n, auth, spinner…): copied, each would carry the registry's
          // wrapper in the home page's first JavaScript (0.6 KB gzip) and weigh on every page that copies it.
          experimentalInlineCommonChunks: { maxSize: 8 * 1024, exclude: INLINE_EXCLUDED },
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|@lingui[\\/](core|react))[\\/]|vite[\\/]preload-helper/ },
            // TanStack Query in one chunk, loaded with the first data page.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
