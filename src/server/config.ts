/**
 * Configuration: environment variables only, parsed once with zod (DESIGN.md
 * "How it starts"; every variable is listed in `.env.example` and
 * `docs/configuration.md`). Nothing else in the server reads `process.env`.
 *
 * Parsing is pure: it reads no file. The secrets an embedded installation keeps in
 * `DATA_DIR` (auth secret, VAPID keys) are filled into the environment beforehand by
 * `withStoredSecrets` (lib/data-dir-secrets.ts), called by `main.ts`.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CO2E_PER_KG } from '../contract/impact.js';
import { parseTrustProxy } from './lib/trust-proxy.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes');

const millis = (fallback: number) =>
  z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1).max(3_600_000).default(fallback);

const count = (min: number, max: number, error = 'must be a number') => z.coerce.number({ error }).int().min(min).max(max);

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' }).optional();

/** A comma-separated list, trimmed, empty entries dropped. */
const list = z.string().optional().transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean));

/** The variables, each with its check and default. */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl,
  DATABASE_DIRECT_URL: postgresUrl,
  DATABASE_NAMED_STATEMENTS: bool.optional(),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Plateful <no-reply@plateful.local>'),
  CORS_ORIGINS: list.check((ctx) => {
    const bad = ctx.value.find((origin) => !URL.canParse(origin));
    if (bad !== undefined) ctx.issues.push({ code: 'custom', message: `has a bad origin '${bad}'`, input: ctx.value });
  }),
  SEED_DEMO: bool.optional(),
  IMAGE_PROXY: bool.default(false),
  IMAGE_PROXY_ALLOW_PRIVATE: bool.default(false),
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a base64url P-256 public key (87 characters)' }).optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a base64url P-256 private key (43 characters)' }).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, { error: 'must be a mailto: or https: URL' }).optional(),
  PUSH_ALLOW_PRIVATE: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: z.string().default('false').transform((raw, ctx) => {
    const parsed = parseTrustProxy(raw);
    if (!(parsed instanceof Error)) return parsed;
    ctx.issues.push({ code: 'custom', message: parsed.message, input: raw });
    return z.NEVER;
  }),
  DB_STATEMENT_TIMEOUT_MS: millis(5000),
  DB_POOL_TIMEOUT_MS: millis(3000),
  REQUEST_TIMEOUT_MS: millis(20_000),
  SHUTDOWN_TIMEOUT_MS: millis(10_000),
  GEOCODER_URL: httpUrl.optional(),
  GEOCODER_KIND: z.enum(['photon', 'nominatim']).default('photon'),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, { error: 'must be an http(s) URL template with {z}, {x} and {y}' })
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().min(1).default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  EVENT_STREAMS_PER_USER: count(1, 10_000).default(10),
  EVENT_STREAMS_PER_ADDRESS: count(1, 100_000).default(50),
  NEW_REQUEST_MAIL_DELAY_MS: count(0, 86_400_000, 'must be a number of milliseconds').default(120_000),
  OUTBOX_LEASE_MS: millis(60_000),
  SMTP_TIMEOUT_MS: millis(30_000),
  CACHE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  CACHE_MAX_ENTRIES: count(1, 10_000_000).default(10_000),
  CACHE_MAX_MB: z.coerce.number({ error: 'must be a number of megabytes' }).min(0.01).max(65_536).default(64),
  CACHE_TTL_S: count(1, 86_400, 'must be a number of seconds').default(60),
  CACHE_DEBUG_HEADER: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  IMAGE_WORKERS: count(1, 64, 'must be a whole number').optional(),
  IMAGE_QUEUE: count(0, 1000, 'must be a whole number').default(10),
  /** kg CO2e per kg of food saved (FAO 2013, as used by Too Good To Go). */
  IMPACT_CO2E_PER_KG: z.coerce.number({ error: 'must be a number' }).min(0).max(100).default(DEFAULT_CO2E_PER_KG),
  ADMIN_EMAILS: list.transform((emails) => emails.map((e) => e.toLowerCase())),
  METRICS_TOKEN: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
});

/** Every variable the server reads, in schema order (checked against `.env.example` and `docs/configuration.md`). */
export const CONFIG_VARIABLES = Object.keys(Env.shape);

/** The rules between variables; the first broken one, as the whole message. */
function crossCheck(e: z.output<typeof Env>): string | undefined {
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL) return 'DATABASE_DIRECT_URL needs DATABASE_URL (the pooled connection)';
  if (e.DATABASE_URL && !e.AUTH_SECRET) return 'AUTH_SECRET is required when DATABASE_URL is set';
  if (!e.AUTH_SECRET) return 'AUTH_SECRET is required (an embedded installation keeps it in DATA_DIR/auth-secret)';
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) return 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together';
  // A lease that ends while the relay may still accept would hand the mail over twice.
  if (e.OUTBOX_LEASE_MS <= e.SMTP_TIMEOUT_MS) return `OUTBOX_LEASE_MS (${e.OUTBOX_LEASE_MS}) must be longer than SMTP_TIMEOUT_MS (${e.SMTP_TIMEOUT_MS})`;
  if (e.IMAGE_PROXY_ALLOW_PRIVATE && e.NODE_ENV !== 'test') return 'IMAGE_PROXY_ALLOW_PRIVATE is for tests only (NODE_ENV=test)';
  if (e.PUSH_ALLOW_PRIVATE && e.NODE_ENV !== 'test') return 'PUSH_ALLOW_PRIVATE is for tests only (NODE_ENV=test)';
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) return 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together';
  if (e.DATABASE_URL && !e.VAPID_PUBLIC_KEY) return 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when DATABASE_URL is set';
  if (!e.VAPID_PUBLIC_KEY) return 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required (an embedded installation keeps them in DATA_DIR/vapid-keys.json)';
  return undefined;
}

/** The environment, checked, into the typed configuration `buildApp` takes. */
const ConfigSchema = Env.transform((e, ctx) => {
  const problem = crossCheck(e);
  if (problem) {
    ctx.issues.push({ code: 'custom', message: problem, input: e });
    return z.NEVER;
  }
  /** Origin users see, without trailing slash, e.g. `http://localhost:3000`. */
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    /** Absolute path; `memory://` keeps the embedded database in memory (tests). */
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    /** `postgres://…` to use PostgreSQL; undefined for the embedded PGlite in `dataDir`. */
    databaseUrl: e.DATABASE_URL,
    /** A direct PostgreSQL connection for LISTEN and migrations; set when `databaseUrl` is a transaction-mode pooler. */
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    /** Prepare value-independent statements by name; undefined: only without a pooler (db/prepared.ts). */
    dbNamedStatements: e.DATABASE_NAMED_STATEMENTS,
    /** Signs sessions, mail links and photo ids. */
    authSecret: e.AUTH_SECRET!,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, discoveryUrl: e.GOOGLE_DISCOVERY_URL }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    corsOrigins: e.CORS_ORIGINS,
    /**
     * Origins allowed to make credentialed, state-changing calls: PUBLIC_URL, its
     * loopback aliases when it is a loopback address (localhost, 127.0.0.1, [::1]
     * name the same server), and CORS_ORIGINS.
     */
    trustedOrigins: [...new Set([...loopbackAliases(publicUrl), ...e.CORS_ORIGINS])],
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    /** External image URLs in listings are re-served through `/api/images/proxy`. */
    imageProxy: e.IMAGE_PROXY,
    /** Tests only: the image proxy may fetch from loopback/private addresses. */
    imageProxyAllowPrivate: e.IMAGE_PROXY_ALLOW_PRIVATE,
    /** Web Push (RFC 8292): the VAPID key pair (base64url) and the contact the push services see. */
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY!,
      privateKey: e.VAPID_PRIVATE_KEY!,
      subject: e.VAPID_SUBJECT ?? vapidSubject(publicUrl, e.MAIL_FROM),
    },
    /** Tests only: push endpoints may be loopback/private https addresses with any certificate. */
    pushAllowPrivate: e.PUSH_ALLOW_PRIVATE,
    /** Fastify's `trustProxy`: which proxies' X-Forwarded-For decides the client address. */
    trustProxy: e.TRUST_PROXY,
    /** PostgreSQL `statement_timeout` of every pooled connection, ms. */
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    /** Longest wait for a pooled PostgreSQL connection before the request gets a 503, ms. */
    dbPoolTimeoutMs: e.DB_POOL_TIMEOUT_MS,
    /** Longest time to receive a whole request (headers and body), ms; slower clients are cut. */
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    /** On SIGTERM, how long in-flight requests may take to finish, ms. */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    /** The online geocoder, when `GEOCODER_URL` is set; its User-Agent names this instance. */
    geocoder: e.GEOCODER_URL ? { url: e.GEOCODER_URL, kind: e.GEOCODER_KIND, userAgent: `Plateful (${publicUrl})` } : undefined,
    /** Map tiles; `tileOrigin` is what the Content-Security-Policy allows. */
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION, tileOrigin: tileOrigin(e.MAP_TILE_URL) },
    /** Open `/api/events` streams per person, all processes together; the oldest close past it. */
    eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
    /** Open `/api/events` streams per client address. */
    eventStreamsPerAddress: e.EVENT_STREAMS_PER_ADDRESS,
    /** Grace period of a new-request mail; a request cancelled within it is never mailed, ms. */
    newRequestMailDelayMs: e.NEW_REQUEST_MAIL_DELAY_MS,
    /** How long a claimed outbox row is hidden from other workers while it is sent, ms; longer than `smtpTimeoutMs`. */
    outboxLeaseMs: e.OUTBOX_LEASE_MS,
    /** The SMTP client's connection, greeting and socket timeouts, ms. */
    smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
    /** The per-process cache of public anonymous answers; undefined when `CACHE=off`. */
    cache:
      e.CACHE === 'on'
        ? { maxEntries: e.CACHE_MAX_ENTRIES, maxBytes: Math.round(e.CACHE_MAX_MB * 1024 * 1024), ttlMs: e.CACHE_TTL_S * 1000, debugHeader: e.CACHE_DEBUG_HEADER === 'true' }
        : undefined,
    /** How long a private ETag sent to a signed-in person may answer 304 without a query, ms (cache/private-etags.ts). */
    privateEtagTtlMs: e.CACHE_TTL_S * 1000,
    /** Photos processed at once; by default one per core but one, which stays free for requests. */
    imageWorkers: e.IMAGE_WORKERS ?? Math.max(1, availableParallelism() - 1),
    /** Uploads that may wait for a worker; past them, 503 with Retry-After. */
    imageQueue: e.IMAGE_QUEUE,
    /** kg CO2e per kg of food in the impact figures. */
    impactCo2ePerKg: e.IMPACT_CO2E_PER_KG,
    /** Lower-cased addresses whose accounts become moderators when they sign up or sign in. */
    adminEmails: e.ADMIN_EMAILS,
    /** Bearer token of `GET /api/metrics`; undefined: no metrics are kept and the path answers 404. */
    metricsToken: e.METRICS_TOKEN,
  };
});

/** The typed configuration handed to `buildApp`. */
export type Config = z.output<typeof ConfigSchema>;

/** Raised when a variable is wrong; `main.ts` prints its message as one line and exits. */
export class ConfigError extends Error {}

/**
 * Parses `env` (normally `process.env` after `withStoredSecrets`) into a `Config`.
 * Pure: reads no file and no other state (but the core count for `imageWorkers`).
 * @throws ConfigError `Invalid configuration: …` naming the first wrong variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const variable = issue.path[0];
  throw new ConfigError(`Invalid configuration: ${variable === undefined ? '' : `${String(variable)} `}${issue.message}`);
}

/**
 * The default VAPID `sub` claim (RFC 8292 §2.1): PUBLIC_URL when it is https, else
 * `mailto:` the address of MAIL_FROM (push services want a way to reach the sender).
 */
function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
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
