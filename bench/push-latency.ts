/**
 * Push round trip (docs/benchmarks.md): from the commit of a transaction that queues a push
 * (`enqueuePushes`, as the notifier does inside an event's transaction) to the push
 * received by a local HTTPS push service, through the outbox worker, web-push's
 * encryption and VAPID signing; on PGlite and on PostgreSQL (written by one app
 * instance, sent by whichever of two instances claims it). Prints p50/p95/max over
 * `SAMPLES` pushes, ms. Run: `node --import tsx bench/push-latency.ts`
 * (PostgreSQL at BENCH_PG_URL, default the local test server).
 */
import { eq } from 'drizzle-orm';
import { users } from '../src/server/db/schema/index.js';
import type { FastifyInstance } from 'fastify';
import { enqueuePushes } from '../src/server/push/repository.js';
import { buildTestApp, call, freshPostgres, signUp } from '../tests/api/harness.js';
import { newDevice, startPushService, waitForPushes, type PushService } from '../tests/support/push-service.js';

const SAMPLES = 30;
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
process.env.TEST_DATABASE_URL ??= PG;
const ENV = { PUSH_ALLOW_PRIVATE: 'true' };

async function measure(app: FastifyInstance, push: PushService, path: string): Promise<number[]> {
  const person = await signUp(app, 'Bench Person');
  const userId = (await app.db.select({ id: users.id }).from(users).where(eq(users.email, person.email)))[0]!.id;
  await call(app, 'POST', '/api/push-subscriptions', person, { endpoint: `${push.origin}${path}`, keys: newDevice().keys });
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    await app.db.transaction((tx) =>
      enqueuePushes(tx, userId, 'NewRequests', { Title: `t${i}`, Body: 'b', Link: '/', Tag: `t${i}` }, { ttl: 60, urgency: 'normal' }),
    );
    const committed = performance.now();
    const [got] = (await waitForPushes(push, (p) => p.path === path, i + 1, 5000)).slice(i);
    out.push(got!.at - committed);
  }
  return out;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(1);
  return `p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${s[s.length - 1]!.toFixed(1)} ms`;
};

const push = await startPushService();
const lite = await buildTestApp(undefined, ENV);
console.log(`PGlite:                         ${stats(await measure(lite.app, push, '/lite'))}`);
await lite.app.close();
await lite.database.close();

const db = await freshPostgres();
const a = await buildTestApp(db.url, ENV);
const b = await buildTestApp(db.url, ENV);
console.log(`PostgreSQL, two app instances:  ${stats(await measure(a.app, push, '/pg'))}`);
for (const x of [a, b]) {
  await x.app.close();
  await x.database.close();
}
await db.drop();
await push.close();
