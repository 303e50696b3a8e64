// When a process's LISTEN connection is lost,
// the notifications committed meanwhile still reach every stream it holds once the
// database answers again (replayed by commit-ordered seq), on two app instances.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReady, type SseClient } from '../../support/sse.js';
import { outageOf, type Outage } from '../../support/pg-outage.js';
import { listenForEvents, signUp, twoInstances, type Person } from '../harness.js';

const PG = process.env.TEST_DATABASE_URL;

describe.runIf(PG)('live events across a lost LISTEN connection on PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof twoInstances>>;
  let outage: Outage;
  let writer: pg.Client;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    db = await twoInstances();
    outage = await outageOf(PG!, db.url);
    writer = new pg.Client({ connectionString: db.url });
    await writer.connect();
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await writer.end();
    await outage.close();
    await db.close();
  });

  it('every open stream gets all 20 notifications created while LISTEN was down, within 3 s of the database answering', async () => {
    const urls = [await listenForEvents(db.a), await listenForEvents(db.b)];
    const p: Person = await signUp(db.a, 'Lis Tener');
    const { rows } = await writer.query<{ id: string }>('select id from users where email = $1', [p.email]);
    const userId = rows[0]!.id;
    // Two streams on each instance.
    for (const url of [...urls, ...urls]) {
      streams.push(await openReady(url, p.cookie));
    }

    // The database goes away: new connections are refused and every backend ends,
    // the LISTEN connections included, but one writer's (as another process's
    // connection that survived): the 20 notifications commit while nobody listens.
    const { rows: pid } = await writer.query<{ pid: number }>('select pg_backend_pid() as pid');
    await outage.start([pid[0]!.pid]);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      await writer.query('begin');
      const r = await writer.query<{ id: string }>(
        `insert into notifications (user_id, type, title, body, link) values ($1, 'request.created', $2, 'b', '/') returning id`,
        [userId, `N${i}`],
      );
      await writer.query(`select pg_notify('plateful_events', $1)`, [JSON.stringify({ kind: 'notification', userId, id: r.rows[0]!.id })]);
      await writer.query('commit');
      ids.push(r.rows[0]!.id);
    }
    await new Promise((r) => setTimeout(r, 3_000));
    const back = await outage.end();

    const got = (s: SseClient) => new Set(s.events.filter((e) => e.event === 'notification').map((e) => e.id));
    const all = () => streams.every((s) => ids.every((id) => got(s).has(id)));
    while (!all() && performance.now() - back < 3_000) await new Promise((r) => setTimeout(r, 25));
    const took = performance.now() - back;
    console.log(`[replay] all 20 on 4 streams (2 processes) ${took.toFixed(0)} ms after the database answered; got ${streams.map((s) => got(s).size).join('/')}`);
    expect(streams.map((s) => ids.filter((id) => got(s).has(id)).length)).toEqual([20, 20, 20, 20]);
    // Each once, oldest first.
    for (const s of streams) {
      const seen = s.events.filter((e) => e.event === 'notification').map((e) => e.id);
      expect(seen).toEqual(ids);
    }
  }, 30_000);
});
