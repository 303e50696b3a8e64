/**
 * Which push endpoints the server will call (issue 20): a push endpoint is a URL
 * the server requests on its own, so it must be `https` on a public address, by
 * the image proxy's rules (images/proxy.ts): a literal address must be public and
 * every address a name resolves to too. The connection itself goes through the
 * same checking lookup (push/sender.ts), so a name that changes its answers later
 * is refused then as well.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../images/proxy.js';

/**
 * Resolves when `endpoint` may be called; `allowPrivate` (tests only, PUSH_ALLOW_PRIVATE) skips the address rule.
 * @returns an error message for the 400 problem, or undefined when allowed.
 */
export async function refusePushEndpoint(endpoint: string, allowPrivate: boolean): Promise<string | undefined> {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return 'A push endpoint must be an https URL.';
  if (url.username || url.password) return 'A push endpoint must not carry credentials.';
  if (allowPrivate) return undefined;
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
