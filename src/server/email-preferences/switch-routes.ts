/**
 * `GET` and `PUT` of the signed-in user's notification switches at one path
 * (`/api/email-preferences`, `/api/push-preferences`: one boolean per kind).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmailPreferences, UpdateResult } from '../../contract/index.js';
import type { Database } from '../db/client.js';

/** One boolean per notification kind; the email and push switches share the shape. */
type Switches = EmailPreferences;

/**
 * Registers `GET path` (the user's switches, from `get`) and `PUT path` (a fresh session;
 * `set` stores the body and says whether a value changed) answering
 * `{acknowledged, matchedCount: 1, modifiedCount}` (SPEC.md §7's write answers), under OpenAPI tag `tag`.
 */
export function switchRoutes(
  app: FastifyInstance,
  o: {
    path: string;
    tag: string;
    get: (db: Database, userId: string) => Promise<Switches>;
    set: (db: Database, userId: string, switches: Switches) => Promise<boolean>;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(o.path, { schema: { tags: [o.tag], response: { 200: EmailPreferences } } }, async (req) => {
    const user = await req.requireUser();
    return o.get(app.db, user.id);
  });
  r.put(o.path, { schema: { tags: [o.tag], body: EmailPreferences, response: { 200: UpdateResult } } }, async (req) => {
    const user = await req.requireUser({ fresh: true });
    const changed = await o.set(app.db, user.id, req.body);
    return { acknowledged: true as const, matchedCount: 1, modifiedCount: changed ? 1 : 0 };
  });
}
