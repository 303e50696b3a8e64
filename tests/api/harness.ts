/**
 * Integration test harness: a real Plateful app (`buildApp`) on a fresh real
 * database per call: in-memory PGlite, or a fresh PostgreSQL database when
 * `TEST_DATABASE_URL` is set. Requests go through `app.inject` (no sockets).
 * The people who make them (sign-up, sign-in, calls) live in `harness-people.ts`,
 * re-exported here so that a test imports everything from this one module.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { startInbox, type Inbox, type InboxOptions } from '../support/inbox.js';
import { openReady, type SseClient } from '../support/sse.js';
import type { Person } from './harness-people.js';

export * from './harness-people.js';

/**
 * Timeout of a test that sends dozens of wrong sign-ins (each hashes a password with scrypt,
 * unknown emails too): ~10–25 s, past vitest's 30 s while other test files share the 2 cores.
 */
export const SIGN_IN_HEAVY_MS = 120_000;

export type Backend = 'pglite' | 'postgres';

/** A fixed VAPID key pair for test servers (required with DATABASE_URL; two instances on one database share it). */
export const TEST_VAPID = {
  VAPID_PUBLIC_KEY: 'BISwjkrq1VlNPzSWsJ441cwV4UffnaHT0ckWfapRMFARvA2YCZgOht8aTsnvFEterv1oggoX8mzzpkNuhjRvAng',
  VAPID_PRIVATE_KEY: 'E0K5EmrzrKGtTQUmCGuDxuaGifrM5esrwnrMS0p6ZKo',
};

/** The backends to run against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Creates an empty PostgreSQL database next to TEST_DATABASE_URL; returns its URL and a drop function. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `plateful_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Builds a ready app in test mode on `databaseUrl` (PostgreSQL), or on a fresh
 * in-memory PGlite when it is undefined; `env` overrides configuration variables;
 * `opts` goes to `buildApp` (a `logStream` collects log lines). The caller closes
 * the app, then the database.
 */
export async function buildTestApp(
  databaseUrl?: string,
  env: Record<string, string> = {},
  opts: Parameters<typeof buildApp>[2] = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    SEED_DEMO: 'false',
    ...TEST_VAPID,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    databaseDirectUrl: config.databaseDirectUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    poolTimeoutMs: config.dbPoolTimeoutMs,
  });
  const app = await buildApp(config, database, opts);
  await app.ready();
  return { app, database };
}

/** Builds an app on a fresh, migrated database of `backend`; `env` and `opts` as for `buildTestApp`. */
export async function startApp(
  backend: Backend,
  env: Record<string, string> = {},
  opts: Parameters<typeof buildApp>[2] = {},
): Promise<TestApp> {
  const pgdb = backend === 'postgres' ? await freshPostgres() : undefined;
  const { app, database } = await buildTestApp(pgdb?.url, env, opts);
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      await pgdb?.drop();
    },
  };
}

/**
 * An app on database `url` (one another app of the test uses too) or on a fresh one of
 * `backend`; `env` and `opts` as for `buildTestApp`. Its teardown (and the fresh database's
 * drop) is pushed onto `cleanups`, which the test file runs last-first after each test.
 * Returns the app and its database URL (undefined on PGlite).
 */
export async function appOn(
  cleanups: (() => Promise<void>)[],
  backend: Backend,
  env: Record<string, string>,
  opts: Parameters<typeof buildApp>[2],
  url?: string,
): Promise<{ app: FastifyInstance; url: string | undefined }> {
  let dbUrl = url;
  if (backend === 'postgres' && !dbUrl) {
    const pgdb = await freshPostgres();
    cleanups.push(() => pgdb.drop());
    dbUrl = pgdb.url;
  }
  const { app, database } = await buildTestApp(dbUrl, env, opts);
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return { app, url: dbUrl };
}

/** A test app whose mails go to its own local SMTP inbox; `close()` ends the app, its database and the inbox. */
export interface InboxApp extends TestApp {
  inbox: Inbox;
}

/**
 * Starts an SMTP inbox (tests/support/inbox.ts, `inboxOpts` e.g. a slow relay) and an
 * app on a fresh database of `backend` that mails to it, with links under
 * PUBLIC_URL `http://plateful.test`; `env` adds or overrides configuration variables.
 */
export async function appWithInbox(
  backend: Backend,
  env: Record<string, string> = {},
  inboxOpts: InboxOptions = {},
): Promise<InboxApp> {
  const inbox = await startInbox(0, inboxOpts);
  const t = await startApp(backend, { SMTP_URL: inbox.url, PUBLIC_URL: 'http://plateful.test', ...env }).catch(async (err: unknown) => {
    await inbox.close();
    throw err;
  });
  return {
    ...t,
    inbox,
    async close() {
      await t.close();
      await inbox.close();
    },
  };
}

/**
 * Starts `app` listening on 127.0.0.1:`port` (0: a free one) for clients that need a
 * real socket (`app.inject` cannot stream); returns its `/api/events` URL for `openEvents`.
 */
export async function listenForEvents(app: FastifyInstance, port = 0): Promise<string> {
  await app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/events`;
}

/** A listening test app for live event streams: its `/api/events` URL and `open(who)`; `close()` also closes the streams it opened. */
export interface StreamingApp extends TestApp {
  url: string;
  /** Opens `who`'s stream (`openReady`: answered 200, `unread` received). */
  open(who: Person): Promise<SseClient>;
}

/** `startApp(backend, env, opts)`, listening on a free port for `/api/events` streams. */
export async function streamingApp(
  backend: Backend,
  env: Record<string, string> = {},
  opts: Parameters<typeof buildApp>[2] = {},
): Promise<StreamingApp> {
  const t = await startApp(backend, env, opts);
  const url = await listenForEvents(t.app).catch(async (err: unknown) => {
    await t.close();
    throw err;
  });
  const streams: SseClient[] = [];
  return {
    ...t,
    url,
    async open(who) {
      const s = await openReady(url, who.cookie);
      streams.push(s);
      return s;
    },
    async close() {
      streams.forEach((s) => s.close());
      await t.close();
    },
  };
}

/**
 * Two app instances `a` and `b` (as two server processes) on one fresh PostgreSQL
 * database next to TEST_DATABASE_URL, whose URL is `url`; `env` and `opts` as for
 * `buildTestApp`; `close()` ends both, then drops the database.
 */
export async function twoInstances(
  env: Record<string, string> = {},
  opts: Parameters<typeof buildApp>[2] = {},
): Promise<{ a: FastifyInstance; b: FastifyInstance; url: string; close(): Promise<void> }> {
  const pgdb = await freshPostgres();
  const built = [await buildTestApp(pgdb.url, env, opts), await buildTestApp(pgdb.url, env, opts)];
  return {
    a: built[0]!.app,
    b: built[1]!.app,
    url: pgdb.url,
    async close() {
      for (const x of built) await x.app.close();
      for (const x of built) await x.database.close();
      await pgdb.drop();
    },
  };
}
