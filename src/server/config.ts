/**
 * Configuration: environment variables only, parsed once with zod (DESIGN.md
 * "How it starts"). Nothing else in the server reads `process.env`.
 */
import { DEFAULT_CO2E_PER_KG } from '../contract/impact.js';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.js';
import { generateVapidKeys, readOrCreateVapidKeys, vapidSubject, type VapidKeys } from './push/vapid.js';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const millis = (fallback: number) =>
  z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1).max(3_600_000).default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Plateful <no-reply@plateful.local>'),
  CORS_ORIGINS: z.string().optional(),
  SEED_DEMO: bool.optional(),
  IMAGE_PROXY: bool.optional(),
  IMAGE_PROXY_ALLOW_PRIVATE: bool.optional(),
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a base64url P-256 public key (87 characters)' }).optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a base64url P-256 private key (43 characters)' }).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, { error: 'must be a mailto: or https: URL' }).optional(),
  PUSH_ALLOW_PRIVATE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: z.string().default('false'),
  DB_STATEMENT_TIMEOUT_MS: millis(5000),
  DB_POOL_TIMEOUT_MS: millis(3000),
  REQUEST_TIMEOUT_MS: millis(20_000),
  SHUTDOWN_TIMEOUT_MS: millis(10_000),
  GEOCODER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  GEOCODER_KIND: z.enum(['photon', 'nominatim']).default('photon'),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, { error: 'must be an http(s) URL template with {z}, {x} and {y}' })
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z
    .string()
    .min(1)
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  EVENT_STREAMS_PER_USER: z.coerce.number({ error: 'must be a number' }).int().min(1).max(10_000).default(10),
  EVENT_STREAMS_PER_ADDRESS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000).default(50),
  NEW_REQUEST_MAIL_DELAY_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(86_400_000).default(120_000),
  OUTBOX_LEASE_MS: millis(60_000),
  SMTP_TIMEOUT_MS: millis(30_000),
  CACHE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  CACHE_MAX_ENTRIES: z.coerce.number({ error: 'must be a number' }).int().min(1).max(10_000_000).default(10_000),
  CACHE_MAX_MB: z.coerce.number({ error: 'must be a number of megabytes' }).min(0.01).max(65_536).default(64),
  CACHE_TTL_S: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(86_400).default(60),
  CACHE_DEBUG_HEADER: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  IMAGE_WORKERS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(64).optional(),
  IMAGE_QUEUE: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(1000).default(10),
  /** Kg CO2e per kg of food saved (FAO 2013, as used by Too Good To Go). */
  IMPACT_CO2E_PER_KG: z.coerce.number({ error: 'must be a number' }).min(0).max(100).default(DEFAULT_CO2E_PER_KG),
  ADMIN_EMAILS: z.string().optional(),
});

/** The typed configuration handed to `buildApp`. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Origin users see, without trailing slash, e.g. `http://localhost:3000`. */
  publicUrl: string;
  dataDir: string;
  /** `postgres://…` to use PostgreSQL; undefined for the embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  authSecret: string;
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  smtpUrl?: string;
  mailFrom: string;
  corsOrigins: string[];
  /**
   * Origins allowed to make credentialed, state-changing calls: PUBLIC_URL, its
   * loopback aliases when it is a loopback address (localhost, 127.0.0.1, [::1]
   * name the same server), and CORS_ORIGINS.
   */
  trustedOrigins: string[];
  seedDemo: boolean;
  logLevel: string;
  /** External image URLs in listings are re-served through `/api/images/proxy`. */
  imageProxy: boolean;
  /** Tests only: the image proxy may fetch from loopback/private addresses (refused outside NODE_ENV=test). */
  imageProxyAllowPrivate: boolean;
  /** Web Push: the VAPID key pair (base64url) and the contact the push services see. */
  vapid: VapidKeys & { subject: string };
  /** Tests only: push endpoints may be loopback/private https addresses with any certificate (refused outside NODE_ENV=test). */
  pushAllowPrivate: boolean;
  /** Fastify's `trustProxy` (TRUST_PROXY): which proxies' X-Forwarded-For decides the client address. */
  trustProxy: TrustProxy;
  /** PostgreSQL `statement_timeout` of every pooled connection, ms. */
  dbStatementTimeoutMs: number;
  /** Longest wait for a pooled PostgreSQL connection before the request gets a 503, ms. */
  dbPoolTimeoutMs: number;
  /** Longest time to receive a whole request (headers and body), ms; slower clients are cut. */
  requestTimeoutMs: number;
  /** On SIGTERM, how long in-flight requests may take to finish, ms. */
  shutdownTimeoutMs: number;
  /** Issue "Near me": the online geocoder (`GEOCODER_URL`), when set; its User-Agent names this instance. */
  geocoder?: { url: string; kind: 'photon' | 'nominatim'; userAgent: string };
  /** Map tiles (`MAP_TILE_URL`, `MAP_ATTRIBUTION`); `tileOrigin` is what the Content-Security-Policy allows. */
  map: { tileUrl: string; attribution: string; tileOrigin: string };
  /** Open `/api/events` streams per person, all processes together; the oldest close past it. */
  eventStreamsPerUser: number;
  /** Open `/api/events` streams per client address. */
  eventStreamsPerAddress: number;
  /** Grace period of a new-request mail; a request cancelled within it is never mailed, ms. */
  newRequestMailDelayMs: number;
  /** How long a claimed outbox row is hidden from other workers while it is sent, ms; longer than `smtpTimeoutMs`. */
  outboxLeaseMs: number;
  /** The SMTP client's connection, greeting and socket timeouts, ms. */
  smtpTimeoutMs: number;
  /** The per-process cache of public anonymous answers; undefined when `CACHE=off`. */
  cache?: { maxEntries: number; maxBytes: number; ttlMs: number; debugHeader: boolean };
  /** Photos processed at once (default: one per spare core). */
  imageWorkers: number;
  /** Uploads that may wait for a worker; past them, 503 with Retry-After. */
  imageQueue: number;
  /** kg CO2e per kg of food in the impact figures. */
  impactCo2ePerKg: number;
  /** Lower-cased addresses whose accounts become moderators when they sign up or sign in (ADMIN_EMAILS). */
  adminEmails: string[];
}

/** Raised when a variable is wrong; `main.ts` prints its message as one line and exits. */
export class ConfigError extends Error {}

/**
 * Parses `env` (normally `process.env`) into a `Config`.
 * Generates and stores an auth secret in `DATA_DIR/auth-secret` when `AUTH_SECRET`
 * is unset and the embedded database is used (`memory://`: a per-process secret, no file).
 * @throws ConfigError naming the first wrong variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (trustProxy instanceof Error) throw new ConfigError(`Invalid configuration: TRUST_PROXY ${trustProxy.message}`);
  if (e.DATABASE_URL && !e.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration: AUTH_SECRET is required when DATABASE_URL is set');
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (e.OUTBOX_LEASE_MS <= e.SMTP_TIMEOUT_MS) {
    // A lease that ends while the relay may still accept would hand the mail over twice.
    throw new ConfigError(
      `Invalid configuration: OUTBOX_LEASE_MS (${e.OUTBOX_LEASE_MS}) must be longer than SMTP_TIMEOUT_MS (${e.SMTP_TIMEOUT_MS})`,
    );
  }
  if (e.IMAGE_PROXY_ALLOW_PRIVATE && e.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid configuration: IMAGE_PROXY_ALLOW_PRIVATE is for tests only (NODE_ENV=test)');
  }
  if (e.PUSH_ALLOW_PRIVATE && e.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid configuration: PUSH_ALLOW_PRIVATE is for tests only (NODE_ENV=test)');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (e.DATABASE_URL && !e.VAPID_PUBLIC_KEY) {
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when DATABASE_URL is set');
  }
  // `memory://` keeps the embedded database in memory (tests).
  const dataDir = e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR);
  const corsOrigins = (e.CORS_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!URL.canParse(origin)) throw new ConfigError(`Invalid configuration: CORS_ORIGINS has a bad origin '${origin}'`);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    // memory://: a per-process secret, nothing written.
    authSecret: e.AUTH_SECRET ?? (dataDir === 'memory://' ? randomBytes(32).toString('hex') : readOrCreateSecret(dataDir)),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, discoveryUrl: e.GOOGLE_DISCOVERY_URL }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    corsOrigins,
    trustedOrigins: [...new Set([...loopbackAliases(publicUrl), ...corsOrigins])],
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    imageProxy: e.IMAGE_PROXY ?? false,
    imageProxyAllowPrivate: e.IMAGE_PROXY_ALLOW_PRIVATE ?? false,
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : dataDir === 'memory://'
          ? generateVapidKeys()
          : readOrCreateVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT ?? vapidSubject(publicUrl, e.MAIL_FROM),
    },
    pushAllowPrivate: e.PUSH_ALLOW_PRIVATE ?? false,
    trustProxy,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbPoolTimeoutMs: e.DB_POOL_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    geocoder: e.GEOCODER_URL
      ? { url: e.GEOCODER_URL, kind: e.GEOCODER_KIND, userAgent: `Plateful (${publicUrl})` }
      : undefined,
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION, tileOrigin: tileOrigin(e.MAP_TILE_URL) },
    eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
    eventStreamsPerAddress: e.EVENT_STREAMS_PER_ADDRESS,
    newRequestMailDelayMs: e.NEW_REQUEST_MAIL_DELAY_MS,
    outboxLeaseMs: e.OUTBOX_LEASE_MS,
    smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
    cache: e.CACHE === 'on' ? { maxEntries: e.CACHE_MAX_ENTRIES, maxBytes: Math.round(e.CACHE_MAX_MB * 1024 * 1024), ttlMs: e.CACHE_TTL_S * 1000, debugHeader: e.CACHE_DEBUG_HEADER === 'true' } : undefined,
    // One core always stays free for requests.
    imageWorkers: e.IMAGE_WORKERS ?? Math.max(1, availableParallelism() - 1),
    imageQueue: e.IMAGE_QUEUE,
    impactCo2ePerKg: e.IMPACT_CO2E_PER_KG,
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  };
}

/** Reads `dir/auth-secret`, creating it (32 random bytes, hex, mode 0600) the first time. */
function readOrCreateSecret(dir: string): string {
  const file = path.join(dir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The origin of a tile URL template (`https://{s}.tile.example/…` keeps its `{s}` as `*`). */
function tileOrigin(template: string): string {
  const m = /^(https?:\/\/[^/]+)/.exec(template)!;
  return m[1]!.replace(/\{s\}/, '*');
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** `url`'s origin, plus the same origin under the other loopback names when it is one. */
function loopbackAliases(url: string): string[] {
  const u = new URL(url);
  if (!LOOPBACK.includes(u.hostname)) return [u.origin];
  const port = u.port ? `:${u.port}` : '';
  return [u.origin, ...LOOPBACK.map((host) => `${u.protocol}//${host}${port}`)];
}
