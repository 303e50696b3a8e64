/**
 * Fetching external images for the image proxy (`IMAGE_PROXY=true`) with
 * SSRF protection: http(s) only, every address a name resolves to must be public
 * (ipaddr.js's `unicast` range only, IPv4 or IPv6), and the connection goes to the very address that was checked (no DNS
 * rebinding). At most 3 redirects, each checked the same way; at most
 * `IMAGE_MAX_BYTES` and 10 s in all.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { IMAGE_MAX_BYTES } from '../../contract/index.js';
import { problem } from '../http/problem.js';

const IPV4_COMPATIBLE = ipaddr.parse('::');

/**
 * True when `address` (an IPv4 or IPv6 literal) is a public unicast address, by
 * ipaddr.js's range table (only its `unicast` range is public, so NAT64,
 * 6to4, Teredo, site-local, 6to4 relays and reserved blocks are not). IPv4-mapped
 * IPv6 is judged as its IPv4 address; the deprecated IPv4-compatible `::a.b.c.d`
 * (which ipaddr.js counts as unicast) is refused. The literal is first normalised
 * by the WHATWG URL parser, as Node itself reads it (ipaddr.js reads `::1.2.3.4`
 * as IPv4-mapped).
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(family === 6 ? new URL(`http://[${address}]`).hostname.slice(1, -1) : address);
  } catch {
    return false;
  }
  if (parsed instanceof ipaddr.IPv6) {
    if (parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
    else if (parsed.match(IPV4_COMPATIBLE, 96)) return false;
  }
  return parsed.range() === 'unicast';
}

/** A name that resolves to a non-public address (the image proxy and push endpoints refuse it). */
export class RefusedAddress extends Error {}

/** A `lookup` for http(s).request that refuses names resolving to any non-public address. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) {
        return callback(new RefusedAddress(`${hostname} resolves to a non-public address`), '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** One GET without following redirects; resolves status, location and the body (≤ limit). */
function getOnce(url: URL, allowPrivate: boolean, signal: AbortSignal) {
  return new Promise<{ status: number; location?: string; body: Buffer }>((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !allowPrivate && !isPublicAddress(literal)) return reject(new RefusedAddress('non-public address'));
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, { lookup: guardedLookup(allowPrivate), signal, headers: { accept: 'image/*' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        res.resume();
        return resolve({ status, location: res.headers.location, body: Buffer.alloc(0) });
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > IMAGE_MAX_BYTES) {
        res.destroy();
        return reject(problem(413, 'The external image is too large.'));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > IMAGE_MAX_BYTES) {
          res.destroy();
          reject(problem(413, 'The external image is too large.'));
        } else chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Fetches the image at `url` for the proxy.
 * @param opts.allowPrivate test-only (`IMAGE_PROXY_ALLOW_PRIVATE`, refused outside NODE_ENV=test): lets loopback through.
 * @throws 400 problem for a non-http(s) URL or a non-public address, 502 when the host fails, 413 past 10 MB.
 */
export async function fetchExternalImage(url: string, opts: { allowPrivate?: boolean; timeoutMs?: number } = {}): Promise<Buffer> {
  const signal = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  let current = new URL(url);
  for (let hop = 0; hop <= 3; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw problem(400, 'Only http and https images can be proxied.');
    let answer;
    try {
      answer = await getOnce(current, Boolean(opts.allowPrivate), signal);
    } catch (error) {
      if (error instanceof RefusedAddress || (error as { cause?: unknown }).cause instanceof RefusedAddress) {
        throw problem(400, 'This image address is not allowed: it is not a public internet address.');
      }
      if ((error as { status?: number }).status === 413) throw error;
      throw problem(502, 'The external image could not be fetched.');
    }
    if (answer.location !== undefined) {
      current = new URL(answer.location, current);
      continue;
    }
    if (answer.status !== 200) throw problem(502, `The external image host answered ${answer.status}.`);
    return answer.body;
  }
  throw problem(502, 'The external image redirects too often.');
}
