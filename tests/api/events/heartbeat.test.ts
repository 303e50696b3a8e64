// The heartbeat re-check (src/server/events/routes.ts): a stream whose session
// became invalid without any NOTIFY (it expired, or its row went while the trigger was
// silenced) ends with `event: closed` at the next heartbeat, while a stream of a valid
// session of the same person stays open through the re-checks. The heartbeat is
// shortened to 200 ms here (`buildApp`'s `heartbeatMs`; 25 s in production).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SseClient } from '../../support/sse.js';
import { BACKENDS, call, signInAgain, signUp, streamingApp, type Person, type StreamingApp } from '../harness.js';

const HEARTBEAT_MS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(BACKENDS)('the heartbeat re-checks stream sessions on %s', (backend) => {
  let t: StreamingApp;
  const open = (who: Person) => t.open(who);
  const sessionIdOf = async (who: Person): Promise<string> => (await call(t.app, 'GET', '/api/auth/get-session', who)).json().session.id;
  /** Asserts `s` stays open for three more heartbeats: heartbeats keep arriving and no `closed` event. */
  const staysOpen = async (s: SseClient) => {
    const before = s.comments;
    await sleep(HEARTBEAT_MS * 3);
    expect(s.comments).toBeGreaterThanOrEqual(before + 2);
    expect(s.events.some((e) => e.event === 'closed')).toBe(false);
  };

  beforeAll(async () => {
    t = await streamingApp(backend, {}, { heartbeatMs: HEARTBEAT_MS });
  });
  afterAll(() => t?.close());

  it('a session that expires (no row deleted, no NOTIFY) ends its stream at the next heartbeat; the other session stays open', async () => {
    const p = await signUp(t.app, 'Exa Expiry');
    const phone = await signInAgain(t.app, p);
    const [s, kept] = [await open(p), await open(phone)];
    // Both sessions valid: the re-checks leave both streams open.
    await staysOpen(s);
    await staysOpen(kept);

    const at = performance.now();
    await t.app.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where id = ${await sessionIdOf(p)}`);
    const closed = await s.next((e) => e.event === 'closed', HEARTBEAT_MS * 5);
    expect(JSON.parse(closed.data)).toEqual({ reason: 'session-ended' });
    console.log(`[heartbeat ${backend}] expired session → stream closed in ${(closed.at - at).toFixed(0)} ms (heartbeat ${HEARTBEAT_MS} ms)`);
    await staysOpen(kept);
  });

  it('a session row deleted while the NOTIFY trigger is silenced still ends its stream at the next heartbeat', async () => {
    const p = await signUp(t.app, 'Del Silent');
    const phone = await signInAgain(t.app, p);
    const [s, kept] = [await open(p), await open(phone)];
    const id = await sessionIdOf(p);
    const at = performance.now();
    await t.app.db.transaction(async (tx) => {
      // Triggers do not fire for this transaction (a restore or replication would write like this).
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from sessions where id = ${id}`);
    });
    const closed = await s.next((e) => e.event === 'closed', HEARTBEAT_MS * 5);
    expect(JSON.parse(closed.data)).toEqual({ reason: 'session-ended' });
    console.log(`[heartbeat ${backend}] silently deleted session → stream closed in ${(closed.at - at).toFixed(0)} ms`);
    await staysOpen(kept);
  });
});
