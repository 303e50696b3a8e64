/**
 * The test OpenID provider as a process, for the browser tests (a `webServer` of
 * playwright.config.ts): listens on 127.0.0.1:OIDC_PORT until killed, shows a
 * sign-in page with a 'Continue' button and signs in GOOGLE_ACCOUNT.
 */
import { APP_URL, GOOGLE_ACCOUNT, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, OIDC_PORT } from './e2e-env.js';
import { startOpenIdProvider } from './oidc-provider.js';

const provider = await startOpenIdProvider({
  clientId: GOOGLE_CLIENT_ID,
  clientSecret: GOOGLE_CLIENT_SECRET,
  redirectUri: `${APP_URL}/api/auth/callback/google`,
  port: OIDC_PORT,
  interaction: 'form',
});
provider.next = GOOGLE_ACCOUNT;
console.log(`test OpenID provider on ${provider.issuer}`);
