// Property-based fuzzing of the REST API: fast-check generates
// requests across every endpoint of SPEC.md §7 and every actor (anonymous,
// owner, other, a stale cookie) with random methods, ids (live, deleted,
// unknown, malformed), query strings, bodies (arbitrary JSON, mutated valid
// bodies, broken JSON) and content types. Properties: no 5xx, no stack trace
// or SQL in any answer, problem documents for every API error, and no row of
// foods or requests changed by a request that was refused (4xx).
// FUZZ_RUNS sets the number of requests (300 by default; `npm run test:fuzz` 10 000),
// FUZZ_SEED replays a run.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../src/server/auth/plugin.js';
import { createFood } from '../../../src/server/foods/repository.js';
import { localToday } from '../../../src/server/lib/dates.js';
import { createRequest } from '../../../src/server/requests/repository.js';
import { BACKENDS, foodBody, PASSWORD, signUp, startApp, type Person, type TestApp } from '../harness.js';
import { spec, type ActorName, type BodySpec, type IdSpec, type Spec } from './fuzz-requests.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

// Stack frames, file paths and database error texts must never reach a client.
const LEAK =
  /\n\s+at |\bat [\w$.<>]+ \(|node_modules|file:\/\/|\/work\/|\.ts:\d+|Failed query|syntax error at or near|violates [\w ]*constraint|duplicate key value|invalid input syntax|relation "|column "|DrizzleQueryError|PostgresError|PGlite|ECONNREFUSED/i;

describe.each(BACKENDS)('API fuzzing on %s', (backend) => {
  let t: TestApp;
  const actors = {} as Record<'owner' | 'other', Person & { id: string }>;
  const live = { foods: [] as string[], requests: [] as string[] };
  const dead: string[] = [];
  const counts = new Map<string, number>();
  let total = 0;
  let fingerprint: string | undefined;

  const user = (who: 'owner' | 'other'): SessionUser => ({ id: actors[who].id, name: actors[who].name, email: actors[who].email, image: actors[who].image });
  const rows = async <T,>(query: ReturnType<typeof sql>) => (await t.app.db.execute(query)) as unknown as { rows: T[] };
  /** Count and hash of every row of foods and requests. */
  const snapshot = async () => {
    const { rows: [r] } = await rows<{ f: number; r: number; h: string }>(sql`
      select (select count(*) from foods)::int as f, (select count(*) from requests)::int as r,
        md5(coalesce((select string_agg(x::text, ',' order by x.id) from foods x), '') || '#' ||
            coalesce((select string_agg(y::text, ',' order by y.id) from requests y), '')) as h`);
    return `${r!.f}/${r!.r}/${r!.h}`;
  };
  /** Re-reads the live ids; remembers vanished ones as dead. */
  const refreshLive = async () => {
    const before = new Set([...live.foods, ...live.requests]);
    live.foods = (await rows<{ id: string }>(sql`select id from foods order by created_at, id`)).rows.map((r) => r.id);
    live.requests = (await rows<{ id: string }>(sql`select id from requests order by requested_at, id`)).rows.map((r) => r.id);
    const now = new Set([...live.foods, ...live.requests]);
    for (const id of before) if (!now.has(id) && dead.length < 200) dead.push(id);
  };
  /** Keeps a few listings and requests of each side around, and the tables small. */
  const reseed = async () => {
    if (live.foods.length < 4) {
      for (const who of ['owner', 'other'] as const) {
        const foodId = await createFood(t.app.db, { ...foodBody(), FoodQuantity: 3 }, user(who));
        await createRequest(t.app.db, { FoodId: foodId, AdditionalNotes: '', DonationMoney: '' }, user(who === 'owner' ? 'other' : 'owner'), localToday(), t.app.notifier);
        await createFood(t.app.db, { ...foodBody({}, -3), FoodQuantity: 2 }, user(who)); // expired
      }
    }
    if (live.foods.length > 60) await t.app.db.execute(sql`delete from foods where id in (select id from foods order by created_at limit 30)`);
    // Settle what the minutely lifecycle sweep would change (expired listings), so its timer cannot change rows between two snapshots.
    await t.app.lifecycle.sweep();
    await refreshLive();
    fingerprint = undefined;
  };
  const signIn = async (who: 'owner' | 'other') => {
    const res = await t.app.auth.api.signInEmail({ body: { email: actors[who].email, password: PASSWORD }, asResponse: true });
    actors[who].cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  };

  beforeAll(async () => {
    t = await startApp(backend);
    for (const who of ['owner', 'other'] as const) {
      const p = await signUp(t.app, who === 'owner' ? 'Olive Owner' : 'Otto Other');
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: p.cookie } });
      actors[who] = { ...p, id: me.json().user.id };
    }
    await reseed();
  });
  afterAll(async () => {
    const byStatus = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${s}: ${n}`);
    console.log(`\nFuzz (${backend}): ${total} requests — ${byStatus.join(', ')}`);
    await t?.close();
  });

  const pickId = (s: IdSpec): string => {
    const from = (list: string[]) => (list.length ? list[s.n % list.length]! : randomUUID());
    switch (s.kind) {
      case 'food':
        return from(live.foods);
      case 'request':
        return from(live.requests);
      case 'dead':
        return from(dead);
      case 'unknown':
        return randomUUID();
      default:
        return encodeURIComponent(s.text);
    }
  };
  const emailOf = (who: ActorName | 'random', text: string) => (who === 'owner' || who === 'other' ? actors[who].email : text);

  const payloadOf = (b: BodySpec): string | undefined => {
    switch (b.kind) {
      case 'none':
        return undefined;
      case 'raw':
        return b.text;
      case 'json':
        return JSON.stringify(b.value);
      case 'food': {
        const body: Record<string, unknown> = foodBody();
        for (const k of b.drop) delete body[k];
        for (const [k, v] of b.set) body[k] = v;
        return JSON.stringify(body);
      }
      case 'request': {
        const body: Record<string, unknown> = { FoodId: pickId(b.id), AdditionalNotes: 'please', DonationMoney: '5' };
        for (const [k, v] of b.set) body[k] = v;
        return JSON.stringify(body);
      }
      case 'status':
        return JSON.stringify({ Status: b.value });
      case 'email':
        return JSON.stringify({ email: emailOf(b.who, b.text) });
    }
  };

  async function send(s: Spec): Promise<{ res: LightMyRequestResponse; url: string; payload?: string }> {
    const path = s.path.replace('{id}', pickId(s.id));
    const params = new URLSearchParams();
    for (const [k, v] of s.query) params.append(k, v === '@owner' || v === '@other' ? actors[v.slice(1) as 'owner'].email : v);
    const url = params.size ? `${path}?${params}` : path;
    const headers: Record<string, string> = {};
    if (s.actor === 'owner' || s.actor === 'other') headers.cookie = actors[s.actor].cookie;
    if (s.actor === 'stale') headers.cookie = 'better-auth.session_token=stale.c2lnbmF0dXJl; better-auth.session_data=eyJ4Ijox';
    if (s.origin) headers.origin = s.origin;
    const payload = payloadOf(s.body);
    if (s.contentType !== null && payload !== undefined) headers['content-type'] = s.contentType;
    const res = await t.app.inject({ method: s.method, url, headers, ...(payload === undefined ? {} : { payload }) });
    return { res, url, payload };
  }

  it(`answers ${RUNS} generated requests without 5xx, leaks or changes on refusal`, { timeout: 30 * 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(spec, async (s) => {
        if (total % 50 === 0) await t.app.db.execute(sql`delete from limit_counters`); // keep the write limit out of the way
        fingerprint ??= await snapshot();
        const { res, url, payload } = await send(s);
        total += 1;
        counts.set(String(res.statusCode), (counts.get(String(res.statusCode)) ?? 0) + 1);
        const where = `${s.method} ${url} as ${s.actor} [${s.contentType}] ${payload?.slice(0, 300) ?? ''} → ${res.statusCode} ${res.body.slice(0, 500)}`;

        expect(res.statusCode, where).toBeLessThan(500);
        expect(LEAK.test(res.body), where).toBe(false);
        // HEAD has no body; @fastify/cors answers a malformed preflight (OPTIONS) itself, in text/plain.
        if (res.statusCode >= 400 && s.method !== 'HEAD' && s.method !== 'OPTIONS') {
          expect(res.headers['content-type'], where).toMatch(/^application\/problem\+json/);
          expect(() => JSON.parse(res.body), where).not.toThrow();
        }
        if (res.statusCode >= 400) {
          expect(await snapshot(), `a refused request changed the database: ${where}`).toBe(fingerprint);
        } else if (res.statusCode < 300 && s.method !== 'GET' && s.method !== 'HEAD' && s.method !== 'OPTIONS') {
          fingerprint = undefined;
          await reseed();
        }
        if (res.statusCode === 200 && s.method === 'GET' && s.path === '/api/logout' && (s.actor === 'owner' || s.actor === 'other')) {
          await signIn(s.actor); // logout ended that actor's session: give them a new one
        }
      }),
      { numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    expect(total).toBeGreaterThanOrEqual(RUNS);
  });
});
