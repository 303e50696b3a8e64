// Public anonymous answers are cached per process with strong ETags, never
// shared with or from signed-in people, bounded, and invalidated on every process
// (NOTIFY after commit) by any write to what they show, whatever code path made it;
// two instances on one PostgreSQL database: instances.test.ts.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema/index.js';
import { BACKENDS, call, foodBody, signInWith, signUp, startApp, type Person, type TestApp } from '../harness.js';
import { anon, cached, DEBUG, LIST, names, within } from './support.js';

describe.each(BACKENDS)('public answer cache on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let requester: Person;

  beforeAll(async () => {
    t = await startApp(backend, DEBUG);
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rita Requester');
  });
  afterAll(() => t.close());

  const create = async (name: string) => (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: name }))).json().insertedId as string;

  it('answers a repeated anonymous read from the cache with the same strong ETag, and If-None-Match with 304', async () => {
    const id = await create('Cache Carrots');
    for (const url of [LIST, `/api/foods/${id}`, '/api/foods?sortByQuantity=true&limit=6']) {
      const first = await anon(t.app, url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const second = await cached(t.app, url);
      expect(second.headers['x-cache']).toBe('HIT');
      expect(second.headers.etag).toBe(etag);
      expect(second.body).toBe(first.body);
      const revalidated = await anon(t.app, url, { 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect((await anon(t.app, url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    }
  });

  it('keeps pagination headers with the cached page', async () => {
    await create('Cache Pears');
    const first = await anon(t.app, `${LIST}&limit=1`);
    const second = await cached(t.app, `${LIST}&limit=1`);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers['x-next-cursor']).toBe(first.headers['x-next-cursor']);
    expect(second.headers.link).toBe(first.headers.link);
  });

  it('never gives a signed-in answer to an anonymous visitor or another person, nor caches it', async () => {
    const id = await create('Cache Kale');
    const own = await call(t.app, 'GET', `/api/foods/${id}`, donor);
    expect(own.json().Donator.Email).toBe(donor.email);
    expect(own.headers['x-cache']).toBeUndefined();
    expect(own.headers['cache-control']).toBe('private, no-cache');
    const visitor = await anon(t.app, `/api/foods/${id}`);
    expect(visitor.headers['x-cache']).toBe('MISS');
    expect(visitor.headers.etag).not.toBe(own.headers.etag);
    expect((await cached(t.app, `/api/foods/${id}`)).json().Donator.Email).toBeUndefined();
    expect(visitor.json().Donator.Email).toBeUndefined();
    const other = await call(t.app, 'GET', `/api/foods/${id}`, requester);
    expect(other.json().Donator.Email).toBeUndefined();
    expect(other.headers['x-cache']).toBeUndefined();
    expect((await call(t.app, 'GET', `/api/foods/${id}`, donor)).json().Donator.Email).toBe(donor.email);
  });

  it("shows the writer's create, update and delete at once", async () => {
    expect(names(await cached(t.app, LIST))).not.toContain('Cache Beets');
    const id = await create('Cache Beets');
    expect(names(await anon(t.app, LIST))).toContain('Cache Beets');
    expect((await anon(t.app, `/api/foods/${id}`)).json().FoodQuantity).toBe(5);
    expect((await call(t.app, 'PUT', `/api/foods/${id}`, donor, foodBody({ FoodName: 'Cache Beets', FoodQuantity: 9 }))).statusCode).toBe(200);
    expect((await anon(t.app, `/api/foods/${id}`)).json().FoodQuantity).toBe(9);
    expect((await call(t.app, 'DELETE', `/api/foods/${id}`, donor)).statusCode).toBe(200);
    expect((await anon(t.app, `/api/foods/${id}`)).statusCode).toBe(404);
    expect(names(await anon(t.app, LIST))).not.toContain('Cache Beets');
  });

  it('drops cached answers after a write by any code path (a table trigger NOTIFYs after commit)', async () => {
    const id = await create('Cache Leeks');
    await cached(t.app, `/api/foods/${id}`);
    await t.app.db.execute(sql`update foods set quantity = 42 where id = ${id}`);
    await within(2000, async () => (await anon(t.app, `/api/foods/${id}`)).json().FoodQuantity === 42);
  });

  it("shows a banned donor's listing again within 1 s of the ban's end, which is no write; the ban lifts at sign-in", async () => {
    const banned = await signUp(t.app, 'Bea Banned');
    const id = await call(t.app, 'POST', '/api/foods', banned, foodBody({ FoodName: 'Cache Quinces' }));
    expect(id.statusCode, id.body).toBe(201);
    const url = '/api/foods?sortByDate=dec&search=quinces';
    expect(names(await anon(t.app, url))).toContain('Cache Quinces');
    // A 2-second ban, as a moderator's would be written (the admin plugin's columns and the listings').
    await t.app.db.execute(sql`update users set banned = true, ban_reason = 'Test', ban_expires = now() + interval '2 seconds' where email = ${banned.email}`);
    await t.app.db.execute(sql`update foods set donor_banned_until = u.ban_expires from users u where u.email = ${banned.email} and foods.donor_id = u.id`);
    const [row] = await t.app.db.select({ until: users.banExpires }).from(users).where(eq(users.email, banned.email));
    const end = row!.until!.getTime();
    const during = await cached(t.app, url);
    expect(names(during)).not.toContain('Cache Quinces');
    expect(Date.now()).toBeLessThan(end);
    const signIn = () => signInWith(t.app, { email: banned.email });
    expect((await signIn()).statusCode).toBe(403);

    // Nothing is written from here on: only the end of the ban brings the listing back.
    await within(4000, async () => names(await anon(t.app, url)).includes('Cache Quinces'));
    expect(Date.now() - end).toBeLessThan(1000);
    expect((await signIn()).statusCode).toBe(200);
  });

  it('serves the community impact figures from the cache and shows a delivery at once', async () => {
    const before = await cached(t.app, '/api/impact');
    expect(before.headers['x-cache']).toBe('HIT');
    const id = await create('Cache Turnips');
    // A delivery counts publicly for a verified requester at least a day old (impact/repository.ts).
    await t.app.db
      .update(users)
      .set({ emailVerified: true, createdAt: sql`now() - interval '2 days'` })
      .where(eq(users.email, requester.email));
    const requested = await call(t.app, 'POST', '/api/requests', requester, { FoodId: id, AdditionalNotes: '', DonationMoney: '' });
    expect(requested.statusCode, requested.body).toBe(201);
    const delivered = await call(t.app, 'PATCH', `/api/requests/${requested.json().insertedId}`, donor, { Status: 'Delivered' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const after = await anon(t.app, '/api/impact');
    expect(after.json().Shares).toBe(before.json().Shares + 1);
  });
});

describe('public answer cache bound and CACHE=off', () => {
  it('stays within its entries and bytes under 10 000 distinct queries', async () => {
    const t = await startApp('pglite', { ...DEBUG, CACHE_MAX_ENTRIES: '500', CACHE_MAX_MB: '0.25' });
    try {
      const donor = await signUp(t.app, 'Dana Donor');
      for (let i = 0; i < 3; i++) await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: `Bounded Bread ${i}` }));
      let peakEntries = 0;
      let peakBytes = 0;
      for (let i = 0; i < 10_000; i++) {
        const res = await anon(t.app, `/api/foods?sortByDate=dec&limit=3&visitor=${i}`);
        expect(res.statusCode).toBe(200);
        const { entries, bytes } = t.app.answerCache!.stats();
        peakEntries = Math.max(peakEntries, entries);
        peakBytes = Math.max(peakBytes, bytes);
      }
      expect(peakEntries).toBeLessThanOrEqual(500);
      expect(peakBytes).toBeLessThanOrEqual(0.25 * 1024 * 1024);
      // Full: the bytes bound (about 1.5 KB a page) is what keeps it, and recent pages are still served.
      expect(peakBytes).toBeGreaterThan(0.2 * 1024 * 1024);
      expect((await anon(t.app, '/api/foods?sortByDate=dec&limit=3&visitor=9999')).headers['x-cache']).toBe('HIT');
    } finally {
      await t.close();
    }
  }, 300_000);

  it('CACHE=off answers every read afresh, without ETag', async () => {
    const t = await startApp('pglite', { ...DEBUG, CACHE: 'off' });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await anon(t.app, '/api/foods?sortByQuantity=true&limit=6');
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-cache']).toBeUndefined();
        expect(res.headers.etag).toBeUndefined();
      }
      expect(t.app.answerCache).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
