/**
 * VAPID keys of Web Push (RFC 8292): from `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`,
 * or generated once into `DATA_DIR/vapid-keys.json` like the auth secret. Browsers
 * bind a subscription to the public key, so it must stay the same across restarts
 * and across every process of one installation.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** A P-256 key pair, base64url: the public key uncompressed (65 bytes), the private key 32 bytes. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A fresh key pair (web-push's generator; web-push is loaded only here, not at every start). */
export function generateVapidKeys(): VapidKeys {
  const webPush = createRequire(import.meta.url)('web-push') as typeof import('web-push');
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

/** Reads `dir/vapid-keys.json`, creating it (mode 0600) the first time. */
export function readOrCreateVapidKeys(dir: string): VapidKeys {
  const file = path.join(dir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  mkdirSync(dir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/**
 * The default VAPID `sub` claim: PUBLIC_URL when it is https, else `mailto:` the
 * address of MAIL_FROM (push services want a way to reach the sender).
 */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
