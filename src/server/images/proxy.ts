/**
 * Fetching external images for the image proxy (`IMAGE_PROXY=true`) with
 * SSRF protection: http(s) only, every address a name resolves to must be public
 * (ipaddr.js's `unicast` range only, IPv4 or IPv6), and the connection goes to the very address that was checked (no DNS
 * rebinding). At most 3 redirects, each checked the same way; at most
 * `IMAGE_MAX_BYTES` and 10 s in all.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { IMAGE_MAX_BYTES } from '../../contract/index.js';
import { problem } from '../http/problem.js';
import { guardedLookup, isPublicAddress, RefusedAddress } from '../lib/public-address.js';

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
