// Vitest: unit tests and API integration tests (tests/api) on a real database.
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacros } from './vite.config.js';

export default defineConfig({
  // Web modules under test (tests/unit) use Lingui's macros and compiled catalogs, as in the build.
  plugins: [linguiMacros, lingui()],
  test: {
    root: '.',
    include: ['tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
