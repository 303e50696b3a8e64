// loadConfig (src/server/config.ts): defaults, derived values and the one-line errors naming the variable;
// withStoredSecrets (src/server/lib/data-dir-secrets.ts): the secrets an embedded installation keeps in DATA_DIR.
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { withStoredSecrets } from '../../src/server/lib/data-dir-secrets.js';

const SECRET = 's'.repeat(32);
const VAPID = {
  VAPID_PUBLIC_KEY: 'BISwjkrq1VlNPzSWsJ441cwV4UffnaHT0ckWfapRMFARvA2YCZgOht8aTsnvFEterv1oggoX8mzzpkNuhjRvAng',
  VAPID_PRIVATE_KEY: 'E0K5EmrzrKGtTQUmCGuDxuaGifrM5esrwnrMS0p6ZKo',
};
const base = { DATA_DIR: 'memory://', AUTH_SECRET: SECRET, ...VAPID };
/** What main.ts does: the secrets kept in DATA_DIR, then parsing. */
const start = (env: NodeJS.ProcessEnv) => loadConfig(withStoredSecrets(env));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig(base);
    expect(c).toMatchObject({ env: 'development', port: 3000, host: '127.0.0.1', publicUrl: 'http://localhost:3000', dataDir: 'memory://' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.google).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.logLevel).toBe('info');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('derives PUBLIC_URL from PORT, drops trailing slashes, and trusts the loopback aliases of a local origin', () => {
    expect(loadConfig({ ...base, PORT: '4321' }).publicUrl).toBe('http://localhost:4321');
    const c = loadConfig({ ...base, PUBLIC_URL: 'http://127.0.0.1:8080//' });
    expect(c.publicUrl).toBe('http://127.0.0.1:8080');
    expect(c.trustedOrigins).toEqual(expect.arrayContaining(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']));
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://plateful.example' }).trustedOrigins).toEqual(['https://plateful.example']);
  });

  it('splits CORS_ORIGINS and trusts them', () => {
    const c = loadConfig({ ...base, PUBLIC_URL: 'https://plateful.example', CORS_ORIGINS: ' https://a.example, ,https://b.example ' });
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(c.trustedOrigins).toEqual(['https://plateful.example', 'https://a.example', 'https://b.example']);
  });

  it('turns SEED_DEMO words into booleans, and defaults it off on PostgreSQL', () => {
    expect(loadConfig({ ...base, SEED_DEMO: 'no' }).seedDemo).toBe(false);
    expect(loadConfig({ ...base, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, ...VAPID, DATABASE_URL: 'postgres://db/x' }).seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PUBLIC_URL: 'ftp://x.example' }, /^Invalid configuration: PUBLIC_URL /],
    [{ AUTH_SECRET: 'short' }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters$/],
    [{ SEED_DEMO: 'maybe' }, /^Invalid configuration: SEED_DEMO must be true or false$/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL$/],
    [{ GOOGLE_CLIENT_ID: 'id' }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together/],
    [{ CORS_ORIGINS: 'not an origin' }, /CORS_ORIGINS has a bad origin 'not an origin'/],
    [{ PUSH_ALLOW_PRIVATE: 'true' }, /^Invalid configuration: PUSH_ALLOW_PRIVATE is for tests only \(NODE_ENV=test\)$/],
    [{ VAPID_PRIVATE_KEY: undefined }, /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/],
    [{ ...VAPID, VAPID_PRIVATE_KEY: 'short' }, /^Invalid configuration: VAPID_PRIVATE_KEY /],
    [{ VAPID_SUBJECT: 'someone' }, /^Invalid configuration: VAPID_SUBJECT must be a mailto: or https: URL$/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => start({ ...base, ...env })).toThrow(ConfigError);
    expect(() => start({ ...base, ...env })).toThrow(message);
  });

  it('requires AUTH_SECRET with DATABASE_URL', () => {
    expect(() => start({ DATABASE_URL: 'postgres://db/x' })).toThrow('AUTH_SECRET is required when DATABASE_URL is set');
  });

  it('requires the VAPID keys with DATABASE_URL', () => {
    const { VAPID_PUBLIC_KEY: _p, VAPID_PRIVATE_KEY: _k, ...noKeys } = base;
    expect(() => start({ ...noKeys, DATABASE_URL: 'postgres://db/x' })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when DATABASE_URL is set',
    );
  });

  it('parses without touching DATA_DIR: the secrets must then be in the environment', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'plateful-config-')), 'data');
    expect(() => loadConfig({ DATA_DIR: dir, ...VAPID })).toThrow(/^Invalid configuration: AUTH_SECRET is required/);
    expect(() => loadConfig({ DATA_DIR: dir, AUTH_SECRET: SECRET })).toThrow(/^Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required/);
    expect(existsSync(dir)).toBe(false);
  });

  it('generates the VAPID keys once into DATA_DIR (mode 0600); the subject follows PUBLIC_URL or MAIL_FROM', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'plateful-config-'));
    const first = start({ DATA_DIR: dir }).vapid;
    expect(first.publicKey).toMatch(/^[\w-]{87}$/);
    expect(first.privateKey).toMatch(/^[\w-]{43}$/);
    expect(first.subject).toBe('mailto:no-reply@plateful.local');
    expect(statSync(path.join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(start({ DATA_DIR: dir, PUBLIC_URL: 'https://plateful.example' }).vapid).toEqual({ ...first, subject: 'https://plateful.example' });
    expect(loadConfig({ ...base, ...VAPID, VAPID_SUBJECT: 'mailto:ops@plateful.example' }).vapid).toEqual({
      publicKey: VAPID.VAPID_PUBLIC_KEY,
      privateKey: VAPID.VAPID_PRIVATE_KEY,
      subject: 'mailto:ops@plateful.example',
    });
  });

  it('generates the auth secret once into DATA_DIR (mode 0600) and reads it back after', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'plateful-config-'));
    const first = start({ DATA_DIR: dir }).authSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(first);
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(start({ DATA_DIR: dir }).authSecret).toBe(first);
  });
});
