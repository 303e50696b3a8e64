/**
 * Where the browser tests' peers listen and who signs in at the test OpenID
 * provider; shared by playwright.config.ts, tests/support/oidc-server.ts and the
 * specs. The app listens on E2E_PORT (default 3210), the provider on the next
 * port, the SMTP inbox of the password-reset test on the one after, and the
 * cross-origin client page of cross-origin.spec.ts on the next.
 */
import type { TestAccount } from './oidc-provider.js';

export const APP_PORT = Number(process.env.E2E_PORT ?? 3210);
export const APP_URL = `http://localhost:${APP_PORT}`;
export const OIDC_PORT = APP_PORT + 1;
export const SMTP_PORT = APP_PORT + 2;
/** A page of another origin (same site: localhost) that uses the API cross-origin (tests/e2e/cross-origin.spec.ts). */
export const CLIENT_PORT = APP_PORT + 3;
export const CLIENT_ORIGIN = `http://localhost:${CLIENT_PORT}`;
/** Map tiles for the app (MAP_TILE_URL), served by tests/e2e/places.spec.ts while it runs; other suites run without tiles. */
export const TILE_PORT = APP_PORT + 4;
export const TILE_URL = `http://127.0.0.1:${TILE_PORT}/{z}/{x}/{y}.png`;

export const GOOGLE_CLIENT_ID = 'plateful-e2e-client';
export const GOOGLE_CLIENT_SECRET = 'plateful-e2e-client-secret-0123456789abcdef';

/** The app server's environment for Google sign-in against the test provider, and for mail to the inbox. */
/** The moderator of the browser suites (ADMIN_EMAILS of the test server). */
export const MODERATOR_EMAIL = 'moderator.e2e@example.org';

export const IDENTITY_ENV = {
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
};

/** The user who signs in at the test provider. */
export const GOOGLE_ACCOUNT: TestAccount = {
  sub: 'e2e-google-user-1',
  email: 'gina.google@gmail.example',
  name: 'Gina Google',
  picture: `${APP_URL}/images/demo/donor-carla.svg`,
};
