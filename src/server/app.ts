/**
 * `buildApp(config)` makes the Fastify server without listening (STYLE.md "The app
 * is a function"): database, Better Auth, the REST API of SPEC.md §7 under `/api`,
 * problem documents, OpenAPI, security headers and the built SPA.
 */
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { accountRoutes } from './account/routes.js';
import { blockRoutes } from './blocks/routes.js';
import { feedbackRoutes } from './feedback/routes.js';
import { moderationRoutes } from './moderation/routes.js';
import { answerCachePlugin } from './cache/plugin.js';
import { createAuth } from './auth/auth.js';
import { requestLogSerializer } from './auth/log-redaction.js';
import { redactingDestination } from './http/log-destination.js';
import { RequestLog } from './http/request-log.js';
import { registerClosingAnswers } from './http/shutdown.js';
import { authPlugin } from './auth/plugin.js';
import { authProviderRoutes } from './auth/providers.js';
import type { Config } from './config.js';
import { openDatabase, type Database, type DatabaseHandle } from './db/client.js';
import { genericPlansOf } from './db/prepared.js';
import { emailPreferenceRoutes } from './email-preferences/routes.js';
import { eventRoutes } from './events/routes.js';
import { foodRoutes } from './foods/routes.js';
import { viewerFactsPlugin } from './foods/viewer-facts.js';
import { healthRoutes } from './http/health.js';
import { imageCleanupPlugin } from './images/cleanup.js';
import { imageRoutes } from './images/routes.js';
import { openImageStore } from './images/storage/open.js';
import type { ImageStore } from './images/storage/store.js';
import { impactRoutes } from './impact/routes.js';
import { lifecyclePlugin } from './lifecycle/plugin.js';
import { registerJsonParser } from './http/json.js';
import { serverTimeouts } from './http/timeouts.js';
import { registerPublicAssetPolicy } from './http/public-assets.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { mailPlugin } from './mail/mailer.js';
import { outboxPlugin } from './outbox/plugin.js';
import { alertRoutes } from './alerts/routes.js';
import { PageRenderer } from './previews/page.js';
import { previewRoutes, sitePreview } from './previews/routes.js';
import { manifestRoutes } from './previews/manifest.js';
import { i18nRoutes } from './i18n/routes.js';
import { pageLocale } from './i18n/negotiate.js';
import { grantAdminRole } from './moderation/admins.js';
import { eraseAccount } from './account/erase.js';
import { pushRoutes } from './push/routes.js';
import { pushPlugin } from './push/sender.js';
import type { OutboxOptions } from './outbox/worker.js';
import { registerApiDocs } from './http/docs.js';
import { frameworkErrors } from './http/framework-errors.js';
import { registerOriginCheck } from './http/origin.js';
import { registerProblemHandler } from './http/problem.js';
import { WEB_DIST, staticRoutes } from './http/static.js';
import { registerWriteLimit } from './http/write-limit.js';
import { registerPrivateAnswers } from './http/private-answers.js';
import { fastifyTrustProxy } from './lib/trust-proxy.js';
import { messageFeed } from './messages/live.js';
import { metricsPlugin } from './metrics/plugin.js';
import { poolReader } from './metrics/registry.js';
import { outboxDepth } from './outbox/outbox.js';
import { messageRoutes } from './messages/routes.js';
import { createNotifier, type Notifier } from './notifications/notifier.js';
import { notificationFeed } from './notifications/live.js';
import { notificationRoutes } from './notifications/routes.js';
import { homeAreaRoutes } from './places/home-area.js';
import { placeRoutes } from './places/routes.js';
import { requestRoutes } from './requests/routes.js';
import { calendarRoutes } from './calendar/routes.js';
import { pickupAttachment } from './calendar/attachment.js';
import { sessionRoutes } from './session/routes.js';
import { wantedRoutes } from './wanted/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Notifications, mails and live events of request changes. */
    notifier: Notifier;
    /** The current instant: the system clock, or the one a test hands to `buildApp`. */
    clock: () => Date;
    /** Where photo bytes live: the database on PostgreSQL, files on the embedded one. */
    imageStore: ImageStore;
  }
}

/** Largest accepted request body, bytes (64 KiB, else 413). */
export const BODY_LIMIT = 64 * 1024;

/**
 * Builds the server. Opens (and migrates) the database from `config` unless
 * `database` is given; the database is closed when the app closes.
 */
export async function buildApp(
  config: Config,
  database?: DatabaseHandle,
  /**
   * `logStream`: where log lines go instead of stdout (tests read them); `outbox`: worker tuning (tests);
   * `ownsDatabase`: a given `database` is closed with the app too (main.ts opens it early);
   * `clock`: the current instant, for tests that move time (default the system clock);
   * `heartbeatMs`: the event streams' heartbeat and session re-check, for tests (default `HEARTBEAT_MS`, 25 s).
   */
  opts: {
    logStream?: { write(line: string): void };
    outbox?: Partial<OutboxOptions>;
    ownsDatabase?: boolean;
    clock?: () => Date;
    heartbeatMs?: number;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Failed queries' parameters are masked in every line; no exit-time flush can hang (log-destination.ts).
      stream: redactingDestination(opts.logStream),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      // Reset tokens and OAuth codes in URLs never reach the log.
      serializers: { req: requestLogSerializer },
    },
    // One line per request, when it is answered (http/request-log.ts).
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT,
    frameworkErrors,
    // TRUST_PROXY decides req.ip: every per-IP limit and the log follow it.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...serverTimeouts(config),
    routerOptions: { ignoreTrailingSlash: true },
    // Every schema is zod (fastify-type-provider-zod): given as the compilers' factories, Fastify
    // never loads Ajv and fast-json-stringify, about 0.1 s of a restart's CPU.
    // (Fastify types these factories after Ajv's and fast-json-stringify's; zod's compilers take the same calls.)
    schemaController: { compilersFactory: { buildValidator: () => validatorCompiler as never, buildSerializer: () => serializerCompiler as never } },
  });
  registerJsonParser(app);
  registerProblemHandler(app);
  registerClosingAnswers(app);
  // Before any route: refuse cross-site writes, then count signed-in users' writes.
  registerOriginCheck(app, config);
  registerWriteLimit(app);
  // Session-dependent API answers are private to every cache on the way (http/private-answers.ts).
  registerPrivateAnswers(app);

  const handle =
    database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      databaseDirectUrl: config.databaseDirectUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      poolTimeoutMs: config.dbPoolTimeoutMs,
      namedStatements: config.dbNamedStatements,
      onPoolError: (err) => app.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database connection lost'),
    }));
  app.decorate('db', handle.db);
  app.decorate('clock', opts.clock ?? (() => new Date()));
  const pickupCalendar = pickupAttachment(config.publicUrl, () => app.clock());
  app.decorate('notifier', createNotifier({ publicUrl: config.publicUrl, secret: config.authSecret, newRequestMailDelayMs: config.newRequestMailDelayMs, pickupCalendar }));
  const imageStore = await openImageStore(handle, config.dataDir);
  app.decorate('imageStore', imageStore);
  app.addHook('onClose', async () => {
    await imageStore.close();
    if (!database || opts.ownsDatabase) await handle.close();
  });
  // GET /api/metrics and the timing of every route, only with METRICS_TOKEN (metrics/plugin.ts).
  let openStreams = 0;
  if (config.metricsToken) {
    await app.register(metricsPlugin, {
      token: config.metricsToken,
      sources: {
        pool: poolReader([handle.db, genericPlansOf(handle.db)]),
        outbox: () => outboxDepth(handle.db),
        openStreams: () => openStreams,
        onError: (err) => app.log.warn({ err: { message: err.message } }, 'metric not read'),
      },
    });
  }

  registerSecurityHeaders(app, config);
  registerPublicAssetPolicy(app);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || config.trustedOrigins.includes(origin)),
    credentials: true,
    // Cross-origin clients use the whole API: the pre-check allows every method it has.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type'],
    // Pagination of GET /api/foods is announced in these headers.
    exposedHeaders: ['X-Next-Cursor', 'Link'],
  });
  // Public anonymous answers from this process's cache, and private ETags (after the headers above, before compression).
  await app.register(answerCachePlugin, { database: handle, answers: config.cache, privateTtlMs: config.privateEtagTtlMs });
  // Text answers over 1 KiB are brotli- or gzip-compressed; built assets come precompressed (static.ts).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  // The OpenAPI document and /api/docs, made at their first request (http/docs.ts).
  registerApiDocs(app, config.publicUrl);

  await app.register(mailPlugin, { config });
  await app.register(pushPlugin, { config });
  await app.register(outboxPlugin, { database: handle, leaseMs: config.outboxLeaseMs, options: opts.outbox });
  await app.register(authPlugin, { auth: createAuth(config, handle.db, {
    log: app.log,
    reviewRole: (userId) => grantAdminRole(handle.db, config.adminEmails, userId),
    eraseUser: (user) => eraseAccount(handle.db, user),
  }), config, listen: handle.listen });
  await app.register(authProviderRoutes, { config });
  await app.register(healthRoutes, { ping: handle.ping });
  await app.register(sessionRoutes, { config });
  await app.register(viewerFactsPlugin, { database: handle });
  await app.register(foodRoutes, { config });
  await app.register(placeRoutes, { config });
  await app.register(imageRoutes, { config });
  await app.register(imageCleanupPlugin);
  await app.register(requestRoutes);
  await app.register(calendarRoutes, { config });
  await app.register(impactRoutes, { co2ePerKg: config.impactCo2ePerKg });
  await app.register(lifecyclePlugin);
  await app.register(accountRoutes);
  await app.register(i18nRoutes);
  await app.register(homeAreaRoutes);
  await app.register(messageRoutes);
  await app.register(notificationRoutes);
  await app.register(emailPreferenceRoutes, { secret: config.authSecret });
  await app.register(pushRoutes, { config });
  await app.register(eventRoutes, {
    listen: handle.listen,
    caps: config,
    replay: notificationFeed(handle.db),
    feeds: [messageFeed(handle.db)],
    heartbeatMs: opts.heartbeatMs,
    onStreamCount: (n) => (openStreams = n),
  });
  await app.register(moderationRoutes, { adminEmails: config.adminEmails });
  await app.register(blockRoutes);
  await app.register(alertRoutes, { config });
  await app.register(feedbackRoutes);
  await app.register(wantedRoutes, { config });
  const renderer = new PageRenderer(WEB_DIST);
  await app.register(previewRoutes, { config, renderer });
  await app.register(manifestRoutes, { webDist: WEB_DIST });
  await app.register(staticRoutes, { renderPage: async (url, req) => renderer.render(url, sitePreview(config.publicUrl, url, await pageLocale(handle.db, req))) });
  return app;
}
