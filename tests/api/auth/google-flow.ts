/**
 * Google sign-in as the browser popup does it, for API tests against the project's
 * OpenID provider (tests/support/oidc-provider.ts): every redirect followed by hand,
 * carrying each origin's cookies; calls to Plateful go through app.inject, calls to
 * the provider over HTTP.
 */
import { expect } from 'vitest';
import type { TestAccount } from '../../support/oidc-provider.js';
import type { TestApp } from '../harness.js';

export const PUBLIC_URL = 'http://plateful.test';
export const CLIENT_ID = 'plateful-test-client';
export const CLIENT_SECRET = 'plateful-test-client-secret-0123456789abcdef';

/** Cookies per origin, as a browser keeps them. */
export class CookieJar {
  private readonly jar = new Map<string, Map<string, string>>();
  header(origin: string): string {
    return [...(this.jar.get(origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(origin: string, setCookies: string[]) {
    const cookies = this.jar.get(origin) ?? new Map<string, string>();
    for (const c of setCookies) {
      const pair = c.split(';')[0]!;
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (!value || /max-age=0/i.test(c)) cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(origin, cookies);
  }
}

/** GET `url` as the popup would: Plateful through app.inject, the provider over HTTP. Returns status and Location. */
async function visit(t: TestApp, jar: CookieJar, url: URL): Promise<{ status: number; location?: URL }> {
  const cookie = jar.header(url.origin);
  if (url.origin === PUBLIC_URL) {
    const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: cookie ? { cookie } : {} });
    jar.store(url.origin, ([] as string[]).concat(res.headers['set-cookie'] ?? []));
    const location = res.headers.location;
    return { status: res.statusCode, location: location ? new URL(String(location), url) : undefined };
  }
  const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  jar.store(url.origin, res.headers.getSetCookie());
  const location = res.headers.get('location');
  await res.arrayBuffer();
  return { status: res.status, location: location ? new URL(location, url) : undefined };
}

/**
 * Runs the popup: POST /api/auth/sign-in/social, then follows redirects until the
 * popup lands back on a Plateful page outside /api. Returns that page's URL and the jar.
 */
export async function googleSignIn(t: TestApp) {
  const jar = new CookieJar();
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: PUBLIC_URL },
    payload: { provider: 'google', callbackURL: '/auth/popup-done', errorCallbackURL: '/auth/popup-done', disableRedirect: true },
  });
  expect(start.statusCode).toBe(200);
  jar.store(PUBLIC_URL, ([] as string[]).concat(start.headers['set-cookie'] ?? []));
  const body = start.json() as { url: string; redirect: boolean };
  expect(body.redirect).toBe(false);
  const authorize = new URL(body.url);
  let url = authorize;
  for (let hop = 0; hop < 15; hop++) {
    const { status, location } = await visit(t, jar, url);
    if (!location) throw new Error(`stopped at ${url} with ${status}`);
    if (location.origin === PUBLIC_URL && !location.pathname.startsWith('/api/')) return { landing: location, jar, authorize };
    url = location;
  }
  throw new Error('too many redirects');
}

export const getSession = (t: TestApp, jar: CookieJar) =>
  t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: jar.header(PUBLIC_URL) } });

let subCounter = 0;
export function googleAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  subCounter += 1;
  return {
    sub: `google-sub-${subCounter}-${Date.now()}`,
    email: `g${subCounter}.${Date.now()}@gmail.example`,
    name: `Gina Google ${subCounter}`,
    picture: `https://lh3.googleusercontent.example/a/photo-${subCounter}.png`,
    ...overrides,
  };
}

