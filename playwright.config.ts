// Playwright: browser end-to-end tests in Debian's Chromium against the built app,
// served by the real server on a fresh embedded database (with demo data), beside a
// test OpenID provider standing in for Google (tests/support/e2e-env.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs';
import { APP_PORT, CLIENT_ORIGIN, IDENTITY_ENV, MODERATOR_EMAIL, OIDC_PORT, TILE_URL } from './tests/support/e2e-env.js';

const PORT = APP_PORT;
const dataDir = mkdtempSync(path.join(tmpdir(), 'plateful-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The service worker would answer requests the suites route or count; pwa.spec.ts and push.spec.ts allow it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_FLAGS,
        // A screen taller than the 500 × 600 Google sign-in popup (SPEC.md §9); headless defaults to 800 × 600.
        '--screen-info={1600x1000}',
      ],
    },
  },
  // TRUST_PROXY: the API-made test users (tests/e2e/support/world.ts) each come from their own
  // forwarded address, so the whole suite does not spend one address's sign-up limit.
  webServer: [
    // Stands in for Google (tests/support/oidc-server.ts); the app reaches it through GOOGLE_DISCOVERY_URL.
    {
      command: 'node --import tsx tests/support/oidc-server.ts',
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The bundled server `npm start` runs (scripts/build-server.mjs; `npm run test:e2e` builds it first).
      command: 'node dist/server/main.js',
      url: `http://localhost:${PORT}/api/ready`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      // NODE_ENV=test only for PUSH_ALLOW_PRIVATE: push.spec.ts's push service listens on loopback with a self-signed certificate.
      env: { NODE_ENV: 'test', PUSH_ALLOW_PRIVATE: 'true', NEW_REQUEST_MAIL_DELAY_MS: '2000', PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', CORS_ORIGINS: CLIENT_ORIGIN, TRUST_PROXY: 'loopback', MAP_TILE_URL: TILE_URL, ADMIN_EMAILS: MODERATOR_EMAIL, ...IDENTITY_ENV },
    },
  ],
});
