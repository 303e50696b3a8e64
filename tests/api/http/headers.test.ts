// Security headers (helmet, src/server/http/security-headers.ts) and
// privacy of the logs: at LOG_LEVEL=trace, sign-up, sign-in, profile update and
// sign-out never write the password, a cookie or a session token to the log.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, signInWith, signUpWith, startApp } from '../harness.js';

/** Parses a CSP header into directive → sources. */
function csp(header: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

describe('security headers', () => {
  it('on http: a strict CSP, nosniff, a referrer policy and no HSTS', async () => {
    const t = await startApp('pglite');
    try {
      for (const url of ['/api/health', '/api/foods', '/api/nothing', '/']) {
        const res = await t.app.inject({ method: 'GET', url });
        const policy = csp(res.headers['content-security-policy']);
        const scripts = policy.get('script-src') ?? policy.get('default-src')!;
        expect(scripts, url).toContain("'self'");
        expect(scripts.join(' '), url).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/);
        expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
        expect(policy.get('object-src'), url).toEqual(["'none'"]);
        expect(policy.has('upgrade-insecure-requests'), url).toBe(false);
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['referrer-policy'], url).toBeTruthy();
        expect(res.headers['x-frame-options'], url).toBeTruthy();
        expect(res.headers['strict-transport-security'], url).toBeUndefined();
        expect(res.headers['x-powered-by'], url).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('on https: HSTS and upgrade-insecure-requests', async () => {
    const t = await startApp('pglite', { PUBLIC_URL: 'https://plateful.example.org' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(csp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('log privacy', () => {
  it('never logs passwords, cookies or session tokens, even at trace level', async () => {
    const lines: string[] = [];
    const { app, database } = await buildTestApp(undefined, { LOG_LEVEL: 'trace' }, {
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const origin = 'http://localhost:3000';
    const password = 'Sup3r-Secret-Passw0rd!';
    const newPassword = 'An0ther-Secret-Passw0rd?';
    const email = 'lena.log@example.org';
    const secrets: string[] = [password, newPassword];
    try {
      const up = await signUpWith(app, { name: 'Lena Log', email, password, image: 'https://img.example.org/l.png', headers: { origin } });
      expect(up.statusCode).toBe(200);
      const cookieOf = (res: typeof up) =>
        ([] as string[])
          .concat(res.headers['set-cookie'] ?? [])
          .map((c) => c.split(';')[0]!)
          .filter((c) => !c.endsWith('='));
      const cookies = cookieOf(up);
      const wrong = await signInWith(app, { email, password: 'wrong-Passw0rd-guess', headers: { origin } });
      expect(wrong.statusCode).toBe(401);
      secrets.push('wrong-Passw0rd-guess');
      const inRes = await signInWith(app, { email, password, headers: { origin } });
      expect(inRes.statusCode).toBe(200);
      cookies.push(...cookieOf(inRes));
      const cookie = cookies.join('; ');
      await app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { origin, cookie }, payload: { name: 'Lena L.' } });
      const change = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { origin, cookie },
        payload: { currentPassword: password, newPassword },
      });
      expect(change.statusCode).toBe(200);
      await app.inject({ method: 'POST', url: '/api/foods', headers: { origin, cookie }, payload: { bad: 'body' } });
      await app.inject({ method: 'POST', url: '/api/jwt', headers: { origin, cookie }, payload: { email } });
      await app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: { origin }, payload: { email, redirectTo: '/reset' } });
      await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
      await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { origin, cookie } });

      // Cookie values and the raw session tokens behind them.
      for (const c of cookies) secrets.push(decodeURIComponent(c.slice(c.indexOf('=') + 1)));
      const tokens = await app.db.execute(sql`select token from sessions union all select value from verifications`);
      for (const row of (tokens as unknown as { rows: { token: string }[] }).rows) secrets.push(row.token);
      for (const c of [...secrets]) if (c.includes('.')) secrets.push(c.split('.')[0]!);

      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(10); // trace level really logged the requests
      expect(log).toContain('/api/auth/sign-in/email');
      for (const secret of secrets.filter((s) => s.length >= 8)) expect(log.includes(secret), `log contains ${secret.slice(0, 6)}…`).toBe(false);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
