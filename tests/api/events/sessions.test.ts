// A live event stream never outlives its session, and live streams are bounded:
// every way a session ends closes the `/api/events` streams opened with it within
// 1 s (on PostgreSQL also when the stream is held by another app instance), the
// user's other sessions' streams stay open, and streams past the per-person and
// per-address caps close oldest first.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReady, type SseClient } from '../../support/sse.js';
import { BACKENDS, call, deleteAccount, listenForEvents, signInAgain, signUp, streamingApp, twoInstances, type Person, type StreamingApp } from '../harness.js';

const ORIGIN = 'http://localhost:3000';

/** Resolves with the milliseconds from `since` until `s` was told it is closed; fails after 1 s. */
async function closedWithin1s(s: SseClient, since: number): Promise<number> {
  const e = await s.next((x) => x.event === 'closed', 1000);
  expect(JSON.parse(e.data)).toEqual({ reason: 'session-ended' });
  return e.at - since;
}

describe.each(BACKENDS)('event streams end with their session on %s', (backend) => {
  let t: StreamingApp;
  const open = (who: Person) => t.open(who);

  beforeAll(async () => {
    t = await streamingApp(backend, { EVENT_STREAMS_PER_USER: '2', EVENT_STREAMS_PER_ADDRESS: '4' });
  });
  afterAll(() => t?.close());

  it('logout closes the stream of that session, not those of the other sessions', async () => {
    const p = await signUp(t.app, 'Lou Logout');
    const phone = await signInAgain(t.app, p);
    const s = await open(p);
    const kept = await open(phone);
    const at = performance.now();
    expect((await call(t.app, 'GET', '/api/logout', p)).statusCode).toBe(200);
    console.log(`[streams ${backend}] logout → closed in ${(await closedWithin1s(s, at)).toFixed(1)} ms`);
    await new Promise((r) => setTimeout(r, 200));
    expect(kept.events.some((e) => e.event === 'closed')).toBe(false);
  });

  it('revoking a session from the account page closes its stream', async () => {
    const p = await signUp(t.app, 'Rev Oked');
    const phone = await signInAgain(t.app, p);
    const s = await open(phone);
    const sessions = (await call(t.app, 'GET', '/api/account/sessions', p)).json() as { _id: string; Current: boolean }[];
    const other = sessions.find((x) => !x.Current)!;
    const at = performance.now();
    expect((await call(t.app, 'DELETE', `/api/account/sessions/${other._id}`, p)).statusCode).toBe(200);
    await closedWithin1s(s, at);
  });

  it('a password change closes the streams of the other sessions', async () => {
    const p = await signUp(t.app, 'Pat Change');
    const phone = await signInAgain(t.app, p);
    const s = await open(phone);
    const at = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: p.cookie, origin: ORIGIN },
      payload: { currentPassword: 'correct-horse-1', newPassword: 'changed-pass-8' },
    });
    expect(res.statusCode).toBe(200);
    await closedWithin1s(s, at);
  });

  it('account deletion closes every stream of the account', async () => {
    const p = await signUp(t.app, 'Del Eted');
    const phone = await signInAgain(t.app, p);
    const [a, b] = [await open(p), await open(phone)];
    const at = performance.now();
    const res = await deleteAccount(t.app, p);
    expect(res.statusCode).toBe(200);
    await closedWithin1s(a, at);
    await closedWithin1s(b, at);
  });

  it('sessions removed by any other code path (a ban revoking them) close their streams', async () => {
    const p = await signUp(t.app, 'Ban Ned');
    const s = await open(p);
    const at = performance.now();
    // What Better Auth's admin plugin does on a ban: delete the user's session rows.
    await t.app.db.execute(sql`delete from sessions where user_id = (select id from users where email = ${p.email})`);
    await closedWithin1s(s, at);
  });

  it('a third stream of one person closes the oldest (cap 2); the newest keep running', async () => {
    const p = await signUp(t.app, 'Cap Ped');
    const first = await open(p);
    const second = await open(p);
    const third = await open(p);
    const e = await first.next((x) => x.event === 'closed', 1000);
    expect(JSON.parse(e.data)).toEqual({ reason: 'too-many-streams' });
    await new Promise((r) => setTimeout(r, 200));
    expect([second, third].some((s) => s.events.some((x) => x.event === 'closed'))).toBe(false);
  });

  it('one address holds at most its cap of streams across people (cap 4)', async () => {
    // Earlier tests' streams from this address were closed; start from a clean count.
    await t.app.db.execute(sql`delete from event_streams`);
    const people = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((n) => signUp(t.app, `Addr ${n}`)));
    const opened: SseClient[] = [];
    for (const p of people) opened.push(await open(p));
    const e = await opened[0]!.next((x) => x.event === 'closed', 1000);
    expect(JSON.parse(e.data)).toEqual({ reason: 'too-many-streams' });
    await new Promise((r) => setTimeout(r, 200));
    expect(opened.slice(1).some((s) => s.events.some((x) => x.event === 'closed'))).toBe(false);
  });
});

describe.runIf(BACKENDS.includes('postgres'))('event streams across two app instances on one PostgreSQL', () => {
  it('a logout through instance A closes the stream held by instance B within 1 s', async () => {
    const { a, b, close } = await twoInstances();
    let s: SseClient | undefined;
    try {
      const urlB = await listenForEvents(b);
      const p = await signUp(a, 'Two Proc');
      s = await openReady(urlB, p.cookie);
      const at = performance.now();
      expect((await call(a, 'GET', '/api/logout', p)).statusCode).toBe(200);
      console.log(`[streams two processes] logout on A → closed on B in ${(await closedWithin1s(s, at)).toFixed(1)} ms`);
    } finally {
      s?.close();
      await close();
    }
  });
});
