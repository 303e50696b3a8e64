/**
 * Which push endpoints the server will call: a push endpoint is a URL
 * the server requests on its own, so it must be `https` on the default port (push
 * services listen there, RFC 8030 §5) and on a public address, by
 * the image proxy's rules (images/proxy.ts): a literal address must be public and
 * every address a name resolves to too. The connection itself goes through the
 * same checking lookup (push/sender.ts), so a name that changes its answers later
 * is refused then as well.
 */
import { createECDH } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../lib/public-address.js';

/**
 * Resolves when `endpoint` may be called; `allowPrivate` (tests only, PUSH_ALLOW_PRIVATE: the local
 * push service listens on a loopback port) skips the address and port rules.
 * @returns an error message for the 400 problem, or undefined when allowed.
 */
export async function refusePushEndpoint(endpoint: string, allowPrivate: boolean): Promise<string | undefined> {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return 'A push endpoint must be an https URL.';
  if (url.username || url.password) return 'A push endpoint must not carry credentials.';
  if (allowPrivate) return undefined;
  // The WHATWG URL parser drops the default port: any port left is another service (SMTP on 25, …).
  if (url.port !== '') return 'A push endpoint must use the default https port (443).';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return 'The push endpoint\'s host name does not resolve.';
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) return 'A push endpoint must be on a public internet address.';
  return undefined;
}

/**
 * Whether `p256dh` (base64url, 65 bytes) is an uncompressed point on P-256, checked by
 * the same ECDH that encrypts each push (RFC 8291 §3.4; web-push uses node's `createECDH`).
 * A key that is not a point would fail every push of this subscription.
 */
export function isP256Point(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}
