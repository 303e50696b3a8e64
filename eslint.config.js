// Lint rules: typescript-eslint recommended, React hooks rules for the web client,
// and the folder boundaries of DESIGN.md and STYLE.md's house (web and server never import
// each other, the contract imports neither, server plumbing imports no feature; web
// features never import app/ nor another feature's pages; the web's shared lib/ and ui/
// import no feature and no app/).
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import pluginLingui from 'eslint-plugin-lingui';
import { readdirSync } from 'node:fs';

const WEB_FEATURES = readdirSync('src/web/features', { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/** Import zones of the web client and the contract (import-x/no-restricted-paths; paths from the repository root). */
const WEB_ZONES = [
  { target: './src/web', from: './src/server', message: 'The web client never imports server code.' },
  { target: './src/contract', from: ['./src/web', './src/server'], message: 'The contract imports nothing of ours.' },
  { target: './src/web/features', from: './src/web/app', message: 'Features never import app/; app/ composes the features.' },
  { target: ['./src/web/lib', './src/web/ui'], from: ['./src/web/features', './src/web/app'], message: 'lib/ and ui/ are shared: they import no feature and no app/.' },
  // A feature's pages are routes: only app/routes.tsx loads them (docs/architecture.md "Web client choices").
  ...WEB_FEATURES.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: WEB_FEATURES.filter((other) => other !== feature).map((other) => `./src/web/features/${other}/pages`),
    message: "A feature never imports another feature's pages.",
  })),
];

/** The contract's modules free of zod, whose values the web client may import. */
const ZOD_FREE_CONTRACT = ['limits', 'routes', 'locale-codes', 'image-urls', 'taxonomy'];

/**
 * The web client's files whose texts all go through the message catalog (docs/translating.md): no literal
 * text a person reads outside Lingui's macros. Literals that are code, not text, are ignored: class names,
 * ids, URLs, one lower-case word, UPPER_CASE, and the arguments of the calls below.
 */
const LOCALIZED = ['src/web/app/**/*.{ts,tsx}', 'src/web/ui/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}', 'src/web/features/**/*.{ts,tsx}'];
const UNLOCALIZED_STRINGS = {
  ignore: ['^(?![A-Z])\\S+$', '^[A-Z0-9_-]+$', '^[^A-Za-z]*$', '^(GET|POST|PUT|PATCH|DELETE)$', '^-?[\\d.]+(px|rem|em|%)?( -?[\\d.]+(px|rem|em|%)?)*$',
    // Date patterns (dayjs's, lib/localDate.ts's).
    '^[DMYHhmsa/.:, -]+$'],
  ignoreNames: [
    { regex: { pattern: 'className|class$|style|^large$|^(id|key|to|href|src|srcSet|type|name|role|method|mode|as|rel|target|lang|dir|htmlFor|autoComplete|inputMode|pattern|accept|sizes|loading|decoding|fetchPriority|form|enterKeyHint|dateTime|variant|size|tone|kind|icon|queryKey)$', flags: 'i' } },
    { regex: { pattern: '^[A-Z0-9_-]+$' } },
    // The API's PascalCase fields (statuses and other values sent to the server).
    { regex: { pattern: '^(Status|FoodStatus|Reason|Type|Kind|Channel|Topic)$' } },
    { regex: { pattern: '^(aria-(controls|describedby|labelledby|live|haspopup|current|hidden)|data-.*)$' } },
  ],
  ignoreFunctions: [
    'Error',
    'console.*',
    'apiUrl',
    'apiFetch',
    'apiCall',
    'fetch',
    '*.includes',
    '*.startsWith',
    '*.endsWith',
    '*.indexOf',
    '*.addEventListener',
    '*.removeEventListener',
    '*.getElementById',
    '*.querySelector',
    '*.querySelectorAll',
    '*.closest',
    '*.setAttribute',
    '*.getAttribute',
    '*.get',
    '*.set',
    '*.has',
    '*.delete',
    '*.append',
    'URLSearchParams',
    'URL',
    'RegExp',
    'useRoute',
    'navigate',
    'setLocation',
    'import',
    'text',
    '*.matchMedia',
    'matchMedia',
    'data.get',
  ],
  useTsTypes: false,
};

/** The shared plumbing of src/server (docs/architecture.md "Import rules"): it imports no feature folder. */
const SERVER_PLUMBING = ['config', 'db', 'events', 'http', 'i18n', 'lib', 'mail', 'metrics', 'outbox', 'backup'];
const SERVER_FEATURES = readdirSync('src/server', { withFileTypes: true })
  .filter((e) => e.isDirectory() && !SERVER_PLUMBING.includes(e.name))
  .map((e) => e.name);

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'drizzle', 'test-results', 'playwright-report', 'screenshots'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Our sources import `./x.js` for `x.ts` / `x.tsx` (TypeScript's ESM convention).
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: WEB_ZONES }],
    },
  },
  {
    // The contract's schema modules import zod (about 26 KB gzip): the web client takes their types only,
    // and its values from the zod-free modules.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', '**/contract/*', ...ZOD_FREE_CONTRACT.map((m) => `!**/contract/${m}.js`)],
              allowTypeImports: true,
              message: `The web client imports values only from the contract's zod-free modules (${ZOD_FREE_CONTRACT.join(', ')}); move the value there.`,
            },
          ],
        },
      ],
    },
  },
  {
    files: ZOD_FREE_CONTRACT.map((m) => `src/contract/${m}.ts`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['zod', './*', ...ZOD_FREE_CONTRACT.map((m) => `!./${m}.js`)], message: 'The web client imports this module: it stays free of zod.' }] },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { lingui: pluginLingui },
    rules: { 'lingui/t-call-in-function': 'error', 'lingui/no-trans-inside-trans': 'error' },
  },
  {
    // Right-to-left locales (ar) mirror the layout: logical classes only (ms-/me-/ps-/pe-/start-/end-/text-start/text-end).
    files: ['src/web/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: String.raw`JSXAttribute[name.name='className'] Literal[value=/(^|[\s:])-?(m[lr]|p[lr]|left|right|rounded-[lr]|border-[lr])-|(^|[\s:])text-(left|right)(\s|$)/]`,
          message: 'Use logical classes (ms-/me-/ps-/pe-/start-/end-/text-start/text-end) so right-to-left pages mirror.',
        },
        {
          // lingui/no-unlocalized-strings lets one lower-case word pass (code, not text), also as JSX text: "{n} now."
          selector: String.raw`JSXText[value=/[A-Za-z]{2,}/]:not(JSXElement[openingElement.name.name='Trans'] JSXText)`,
          message: 'Text a person reads goes through <Trans>, one message per sentence (docs/translating.md).',
        },
      ],
    },
  },
  {
    files: LOCALIZED,
    plugins: { lingui: pluginLingui },
    rules: { 'lingui/no-unlocalized-strings': ['error', UNLOCALIZED_STRINGS] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'The server never imports web code.' }] }],
    },
  },
  {
    files: [...SERVER_PLUMBING.map((f) => `src/server/${f}/**/*.ts`), 'src/server/config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**'], message: 'The server never imports web code.' },
            {
              group: SERVER_FEATURES.flatMap((f) => [`../${f}/*`, `../../${f}/*`, `./${f}/*`]),
              message: 'Shared plumbing imports no feature: hand in what it needs from app.ts (docs/architecture.md "Import rules").',
            },
          ],
        },
      ],
    },
  },
);
