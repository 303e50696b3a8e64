/**
 * TRUST_PROXY: which reverse proxies may tell the client
 * address in `X-Forwarded-For`. The value takes the forms of Fastify's
 * `trustProxy` option: `false` (default, the peer address is the client),
 * `true` (trust every hop: only behind a proxy that overwrites the header), a
 * hop count, or a comma-separated list of proxy addresses / CIDR ranges (or
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 */
import { isIP } from 'node:net';

// proxy-addr's names for the loopback, link-local and private ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The parsed value, handed to Fastify as `trustProxy`. */
export type TrustProxy = boolean | number | string[];

/** Parses TRUST_PROXY; answers an Error (message without the variable name) when malformed. */
export function parseTrustProxy(raw: string): TrustProxy | Error {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 32 ? hops : new Error('hop count must be at most 32');
  }
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of list) {
    if (NAMED_RANGES.has(entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const badBits = bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > maxBits);
    if (!family || badBits || extra !== undefined) {
      return new Error(`must be true, false, a hop count or comma-separated addresses/CIDRs; '${entry}' is neither`);
    }
  }
  return list;
}

/** `value` as Fastify's typings take it: a hop count becomes the equivalent function (trust the first n hops). */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}
