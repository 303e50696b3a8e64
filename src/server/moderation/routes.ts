/**
 * Routes reports and moderation: `POST /api/reports` (signed in) and
 * `/api/moderation/*` (moderators only: everyone else, signed in or not, gets the
 * same 404 as an unknown path, so the area is not advertised).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InsertResult, ModerationActionInput, ModerationGroup, ModerationLogEntry, ReportInput, UpdateResult } from '../../contract/index.js';
import type { SessionUser } from '../auth/plugin.js';
import { isModeratorRole } from '../auth/roles.js';
import { limited } from '../http/limits.js';
import { REPORT_COUNTERS } from './limits.js';
import { problem } from '../http/problem.js';
import { moderate } from './actions.js';
import { listLog } from './audit.js';
import { listQueue } from './queue.js';
import { createReport } from './reports.js';

/** The signed-in moderator. @throws 404 for everyone else (never 401/403: the area stays unadvertised). */
export async function requireModerator(req: FastifyRequest, fresh = false): Promise<SessionUser> {
  const user = await req.sessionUser({ fresh });
  if (!user || !isModeratorRole(user.role)) throw problem(404, `No route for ${req.method} ${req.url.split('?')[0]}.`);
  return user;
}

const TOO_MANY_REPORTS = 'You have sent many reports in a short time. Please wait before reporting more; moderators read every one.';

/** Checked before the body is validated, so a bad body tells a non-moderator nothing either. */
const moderatorsOnly = { onRequest: async (req: FastifyRequest) => void (await requireModerator(req, true)) };

export async function moderationRoutes(app: FastifyInstance, opts: { adminEmails: readonly string[] }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.post('/api/reports', { schema: { tags: ['moderation'], body: ReportInput, response: { 201: InsertResult } } }, async (req, reply) => {
    const user = await req.requireUser({ fresh: true });
    const insertedId = await limited(db, user.id, REPORT_COUNTERS, TOO_MANY_REPORTS, () =>
      createReport(db, user, req.body as typeof req.body & { Details: string }),
    );
    return reply.status(201).send({ acknowledged: true, insertedId });
  });

  r.get(
    '/api/moderation/reports',
    { ...moderatorsOnly, schema: { tags: ['moderation'], description: 'Open reports grouped by target (moderators only).', response: { 200: z.array(ModerationGroup) } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listQueue(db);
    },
  );

  r.post(
    '/api/moderation/actions',
    { ...moderatorsOnly, schema: { tags: ['moderation'], body: ModerationActionInput, response: { 200: UpdateResult } } },
    async (req) => {
      const moderator = await requireModerator(req);
      return moderate(app, moderator, req.body, opts.adminEmails);
    },
  );

  r.get(
    '/api/moderation/log',
    { ...moderatorsOnly, schema: { tags: ['moderation'], description: 'The audit log, newest first (moderators only).', response: { 200: z.array(ModerationLogEntry) } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listLog(db);
    },
  );
}
