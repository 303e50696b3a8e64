// Lint rules: typescript-eslint recommended, React hooks rules for the web client,
// and the folder boundaries of DESIGN.md (web and server never import each other).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The shared plumbing of src/server (docs/architecture.md "Import rules"): it imports no feature folder. */
const SERVER_PLUMBING = ['config', 'db', 'events', 'http', 'lib', 'mail', 'outbox'];
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
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The web client never imports server code.' }] }],
    },
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
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**', '**/server/**'], message: 'The contract imports nothing of ours.' }] }],
    },
  },
);
