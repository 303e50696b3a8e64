// The edge of the server: TRUST_PROXY decides the client address of
// every per-IP limit and of the log; cross-origin clients may use every method;
// public assets are `Cross-Origin-Resource-Policy: cross-origin`; deep or
// malformed JSON is a 400 problem; short searches are refused with a 400 naming
// `search`; configuration of the new variables; `memory://` writes no secret.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config.js';
import { AUTH_IP_LIMITS } from '../../../src/server/auth/limits.js';
import { withStoredSecrets } from '../../../src/server/lib/data-dir-secrets.js';
import { BACKENDS, buildTestApp, SIGN_IN_HEAVY_MS, signInWith, startApp, TEST_VAPID, type TestApp } from '../harness.js';

const ALLOWED = 'http://client.example.org';

describe.each(BACKENDS)('client address and TRUST_PROXY on %s', (backend) => {
  let trusting: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    trusting = await startApp(backend, { TRUST_PROXY: '10.0.0.0/8' });
    plain = await startApp(backend);
  });
  afterAll(async () => {
    await trusting.close();
    await plain.close();
  });

  /** A wrong sign-in arriving from the proxy 10.0.0.5 on behalf of `forwarded`. */
  const viaProxy = (t: TestApp, forwarded: string, i: number) =>
    signInWith(t.app, {
      email: `proxy-${forwarded}-${i}@example.org`,
      password: 'wrong-password',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': forwarded },
    });

  it('gives distinct forwarded addresses distinct limits with TRUST_PROXY, one shared limit without', async () => {
    const max = AUTH_IP_LIMITS.signIn.max;
    for (let i = 0; i < max; i++) expect((await viaProxy(trusting, '198.51.100.1', i)).statusCode).toBe(401);
    expect((await viaProxy(trusting, '198.51.100.1', max)).statusCode).toBe(429);
    // Another user behind the same proxy is not held back.
    expect((await viaProxy(trusting, '198.51.100.2', 0)).statusCode).toBe(401);

    for (let i = 0; i < max; i++) expect((await viaProxy(plain, '198.51.100.1', i)).statusCode).toBe(401);
    // Without TRUST_PROXY everyone behind the proxy is 10.0.0.5: one shared limit.
    const shared = await viaProxy(plain, '198.51.100.2', 0);
    expect(shared.statusCode).toBe(429);
    expect(shared.headers['content-type']).toContain('application/problem+json');
  }, SIGN_IN_HEAVY_MS);

});

describe('the log under TRUST_PROXY', () => {
  it('logs the forwarded client address from a trusted proxy, the peer address otherwise', async () => {
    const lines: string[] = [];
    const { app, database } = await buildTestApp(undefined, { TRUST_PROXY: '10.0.0.0/8', LOG_LEVEL: 'info' }, { logStream: { write: (l) => lines.push(l) } });
    try {
      await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '198.51.100.77' } });
      await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '198.51.100.88' } });
      const addresses = lines.map((l) => JSON.parse(l)).filter((l) => l.req).map((l) => l.req.remoteAddress);
      expect(addresses).toEqual(['198.51.100.77', '203.0.113.9']);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('cross-origin clients, public assets and bad JSON', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { CORS_ORIGINS: ALLOWED });
  });
  afterAll(() => t.close());

  it.each(['PUT', 'PATCH', 'DELETE', 'POST'])('lets an allowed origin pre-check %s with Content-Type and credentials', async (method) => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/requests/00000000-0000-4000-8000-000000000000',
      headers: { origin: ALLOWED, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods']).split(',').map((m) => m.trim())).toContain(method);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
  });

  it('does not allow other origins', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/foods',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves images cross-origin (CORP) and keeps API answers same-origin', async () => {
    const image = await t.app.inject({ method: 'GET', url: '/images/demo/fresh-apples.svg', headers: { origin: ALLOWED } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const api = await t.app.inject({ method: 'GET', url: '/api/foods?sortByDate=dec' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('answers deep and malformed JSON on /api/auth/sign-in/email with a 400 problem, never 500', async () => {
    const depth = 10_000;
    const deep = `{"email":"a@example.org","password":"whatever-1","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expect(deep.length).toBeLessThan(64 * 1024);
    for (const payload of [deep, `{"email":"a@example.org","x":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`, '{"email": "a@ex', '[[[[', '{"email":"a"}}']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload.slice(0, 40)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 400, detail: expect.any(String) });
    }
    // Ordinary bodies still work.
    const ok = await signInWith(t.app, { email: 'nobody@example.org', password: 'whatever-1' });
    expect(ok.statusCode).toBe(401);
  });

  it.each(['%%%', '_', ' - ', '!?'])('refuses the search %j, without a letter or digit, with a 400 problem naming search', async (search) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/foods?sortByDate=dec&search=${encodeURIComponent(search)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: [{ field: 'search', message: expect.stringContaining('a letter or digit') }] });
  });

  it.each(['', '   ', 'pea', 'Rice%', 'a 100', 'a', 'ab', ' ab ', 'a b c', '12', '%a%'])('serves the search %j', async (search) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/foods?sortByDate=dec&search=${encodeURIComponent(search)}` });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: 'memory://', AUTH_SECRET: 'x'.repeat(32), ...TEST_VAPID };

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 192.168.0.0/16,::1,loopback', ['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']],
  ])('parses TRUST_PROXY=%j', (value, want) => {
    expect(loadConfig({ ...base, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy).toEqual(want);
  });

  it.each(['yes-please', '10.0.0.1/40', '300.1.1.1', '10.0.0.1,nope'])('refuses TRUST_PROXY=%j with one line naming it', (value) => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/^Invalid configuration: TRUST_PROXY /);
  });

  it('defaults the database and request timeouts, and reads them', () => {
    const d = loadConfig(base);
    expect(d).toMatchObject({ dbStatementTimeoutMs: 5000, requestTimeoutMs: 20_000, shutdownTimeoutMs: 10_000, trustProxy: false });
    expect(loadConfig({ ...base, DB_STATEMENT_TIMEOUT_MS: '250' }).dbStatementTimeoutMs).toBe(250);
    expect(() => loadConfig({ ...base, DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });

  it('gives DATA_DIR=memory:// a per-process secret and writes no file', () => {
    const cwd = process.cwd();
    const dir = mkdtempSync(path.join(tmpdir(), 'plateful-mem-'));
    try {
      process.chdir(dir);
      const one = loadConfig(withStoredSecrets({ NODE_ENV: 'test', DATA_DIR: 'memory://' }));
      const two = loadConfig(withStoredSecrets({ NODE_ENV: 'test', DATA_DIR: 'memory://' }));
      expect(one.authSecret).toMatch(/^[0-9a-f]{64}$/);
      expect(two.authSecret).not.toBe(one.authSecret);
      expect(readdirSync(dir)).toEqual([]);
      expect(existsSync(path.join(dir, 'memory:'))).toBe(false);
    } finally {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
