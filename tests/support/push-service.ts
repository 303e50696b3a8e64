/**
 * A local Web Push service for tests: an HTTPS server (self-signed
 * certificate made by openssl) that receives what the app's push sender posts,
 * checks nothing itself and keeps every request; `decode` verifies the VAPID JWT
 * (RFC 8292) and decrypts the aes128gcm payload (RFC 8188 + RFC 8291) with the
 * subscription's private keys, written here from the RFCs, independent of web-push.
 * A browser-side "device" is `newDevice()`: a P-256 key pair and an auth secret.
 */
import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** `performance.now()` when the whole request had arrived. */
  at: number;
}

export interface PushService {
  /** `https://localhost:<port>`: an endpoint is this plus a path of the test's choice. */
  origin: string;
  received: ReceivedPush[];
  /** Status answered to the next requests of `path` (each entry used once), else 201. */
  answer(path: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

/** A self-signed certificate for `localhost` (EC P-256), made once per process. */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'plateful-push-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the push service on 127.0.0.1 (`port` 0: a free one). */
export async function startPushService(port = 0): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const planned = new Map<string, number[]>();
  const server = https.createServer(certificate(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const p = (req.url ?? '/').split('?')[0]!;
      received.push({ path: p, headers: req.headers, body: Buffer.concat(chunks), at: performance.now() });
      const status = planned.get(p)?.shift() ?? 201;
      res.writeHead(status, status === 429 ? { 'retry-after': '0' } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `https://localhost:${bound}`,
    received,
    answer: (p, ...statuses) => planned.set(p, [...(planned.get(p) ?? []), ...statuses]),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's side of a subscription: its key pair and auth secret. */
export interface Device {
  ecdh: ECDH;
  auth: Buffer;
  /** The `keys` of `PushSubscription.toJSON()`. */
  keys: { p256dh: string; auth: string };
}

/** A new device (P-256 key pair, 16-byte auth secret). */
export function newDevice(): Device {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an `aes128gcm` body (RFC 8188 §2, one record) for `device` (RFC 8291 §3.3–3.4). */
export function decryptPayload(body: Buffer, device: Device): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = device.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), asPublic]);
  const ikm = hmac(hmac(device.auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding (RFC 8188 §2).
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** The claims of a push's VAPID JWT after checking its ES256 signature with the `k` key it names (RFC 8292 §2–3). */
export function verifyVapid(push: ReceivedPush): { claims: { aud: string; exp: number; sub: string }; publicKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(push.headers.authorization ?? ''));
  if (!match) throw new Error(`no VAPID authorization: ${String(push.headers.authorization)}`);
  const [header, claims, signature] = match[1]!.split('.') as [string, string, string];
  const raw = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
  });
  const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  return { claims: JSON.parse(Buffer.from(claims, 'base64url').toString()), publicKey: match[2]! };
}

/** Resolves with the received pushes once `count` have arrived for paths matching `match`; rejects after `timeoutMs`. */
export async function waitForPushes(service: PushService, match: (p: ReceivedPush) => boolean, count = 1, timeoutMs = 10_000): Promise<ReceivedPush[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = service.received.filter(match);
    if (found.length >= count) return found;
    if (Date.now() > until) throw new Error(`${found.length} of ${count} pushes within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
