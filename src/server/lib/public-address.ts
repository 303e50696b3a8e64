/**
 * Outbound connections to addresses named by users (the image proxy, push endpoints)
 * reach only the public internet: SSRF protection by resolving the name first and
 * refusing any non-public address (OWASP SSRF Prevention Cheat Sheet).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

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
