/**
 * The secrets an embedded installation keeps in `DATA_DIR`, so that the operator
 * sets none: the auth secret (`auth-secret`) and the Web Push VAPID key pair
 * (`vapid-keys.json`, RFC 8292). Each is generated once (mode 0600) and read back at
 * every start: sessions, mail links and photo ids stay valid, and browsers bind a push
 * subscription to the public key. On PostgreSQL (`DATABASE_URL`) the processes share
 * no directory, so the environment must carry them (`config.ts` says so).
 *
 * This is the step before parsing: `main.ts` calls `loadConfig(withStoredSecrets(process.env))`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** A P-256 key pair, base64url: the public key uncompressed (65 bytes), the private key 32 bytes. */
interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * `env` with `AUTH_SECRET` and the VAPID keys filled in where unset: read from
 * `DATA_DIR` (default `./data`), or created there the first time. `DATA_DIR=memory://`
 * gets fresh per-process values and no file. With `DATABASE_URL`, an empty `DATA_DIR`,
 * or only one of the two VAPID keys, `env` is answered as it is (parsing then names the
 * missing variable). Raises the file system's error when `DATA_DIR` cannot be written.
 */
export function withStoredSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const dataDir = env.DATA_DIR ?? './data';
  if (env.DATABASE_URL || dataDir === '') return env;
  const memory = dataDir === 'memory://';
  const dir = path.resolve(dataDir);
  const filled = { ...env };
  if (!env.AUTH_SECRET) {
    filled.AUTH_SECRET = memory ? newAuthSecret() : readOrCreate(dir, 'auth-secret', newAuthSecret, (s) => s, (s) => s.trim());
  }
  if (!env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY) {
    const keys = memory ? newVapidKeys() : readOrCreate(dir, 'vapid-keys.json', newVapidKeys, JSON.stringify, (s) => JSON.parse(s) as VapidKeys);
    filled.VAPID_PUBLIC_KEY = keys.publicKey;
    filled.VAPID_PRIVATE_KEY = keys.privateKey;
  }
  return filled;
}

/** 32 random bytes, hex. */
function newAuthSecret(): string {
  return randomBytes(32).toString('hex');
}

/** A fresh key pair (web-push's generator; web-push is loaded only here, not at every start). */
function newVapidKeys(): VapidKeys {
  const webPush = createRequire(import.meta.url)('web-push') as typeof import('web-push');
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

/** Reads `dir/name`, creating it (mode 0600, `dir` too) from `create()` the first time. */
function readOrCreate<T>(dir: string, name: string, create: () => T, write: (value: T) => string, read: (text: string) => T): T {
  const file = path.join(dir, name);
  if (existsSync(file)) return read(readFileSync(file, 'utf8'));
  mkdirSync(dir, { recursive: true });
  const value = create();
  writeFileSync(file, write(value), { mode: 0o600 });
  return value;
}
