// GET /api/foods keeps the spec's array answer and pages with
// `limit` (1..100) and a keyset `cursor`, announcing the next page in `X-Next-Cursor`
// and `Link`; without `limit` it answers at most 1000 rows. Bad cursors are 400 problems.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStatements } from '../../../bench/fixture.js';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

type Listing = { _id: string; FoodName: string; FoodQuantity: number; ExpiredDateTime: string };

describe.each(BACKENDS)('foods pagination on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let available: number;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Paula Pager');
    // 1 400 generated listings (over 1 000 of them listed: unexpired, Available or Reserved), plus 30 of our donor's own.
    for (const statement of fixtureStatements({ foods: 1400, requests: 0 })) await t.app.db.execute(sql.raw(statement));
    const counted = await t.app.db.execute(sql`select count(*)::int as n from foods where expires_on >= current_date and status in ('Available', 'Reserved')
      and (pickup_until is null or pickup_until > now())`);
    available = (counted as unknown as { rows: { n: number }[] }).rows[0]!.n + 30;
    for (let i = 0; i < 30; i++) {
      const res = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: `Pager Pie ${i}`, FoodQuantity: 1 + (i % 4) }, 1 + (i % 5)));
      expect(res.statusCode).toBe(201);
    }
  }, 120_000);
  afterAll(() => t.close());

  /** Follows X-Next-Cursor from `first` to the end; returns every page. */
  async function walk(first: string, who?: Person): Promise<Listing[][]> {
    const pages: Listing[][] = [];
    let url: string | undefined = first;
    while (url) {
      const res = await call(t.app, 'GET', url, who);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json());
      const next = res.headers['x-next-cursor'] as string | undefined;
      if (next) expect(res.headers.link).toContain('rel="next"');
      url = next ? `${first}&cursor=${encodeURIComponent(next)}` : undefined;
    }
    return pages;
  }

  it('pages a search 24 at a time, in the same order and with the same rows as one big answer', async () => {
    for (const sort of ['acc', 'dec']) {
      const pages = await walk(`/api/foods?sortByDate=${sort}&search=pager%20pie&limit=24`);
      expect(pages.map((p) => p.length)).toEqual([24, 6]);
      const whole: Listing[] = (await call(t.app, 'GET', `/api/foods?sortByDate=${sort}&search=pager%20pie`)).json();
      expect(pages.flat().map((f) => f._id)).toEqual(whole.map((f) => f._id));
      const dates = whole.map((f) => f.ExpiredDateTime);
      expect(dates).toEqual(sort === 'acc' ? [...dates].sort() : [...dates].sort().reverse());
    }
  });

  it('says nothing about a next page on the last one', async () => {
    const res = await call(t.app, 'GET', '/api/foods?sortByDate=dec&search=pager%20pie&limit=30');
    expect(res.json()).toHaveLength(30);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect(res.headers.link).toBeUndefined();
  });

  it('gives a Link to the next page that keeps the query and answers the following rows', async () => {
    const first = await call(t.app, 'GET', '/api/foods?sortByDate=acc&search=pager&limit=10');
    const link = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link))?.[1];
    expect(link).toMatch(/^\/api\/foods\?.*search=pager.*limit=10.*cursor=/);
    const second: Listing[] = (await call(t.app, 'GET', link!)).json();
    const both: Listing[] = (await call(t.app, 'GET', '/api/foods?sortByDate=acc&search=pager&limit=20')).json();
    expect([...first.json(), ...second].map((f: Listing) => f._id)).toEqual(both.map((f) => f._id));
  });

  it('pages the featured list by quantity, largest first, every listing once', async () => {
    const pages = await walk('/api/foods?sortByQuantity=true&limit=100');
    const all = pages.flat();
    expect(all).toHaveLength(available);
    expect(new Set(all.map((f) => f._id)).size).toBe(all.length);
    const quantities = all.map((f) => f.FoodQuantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
  });

  it("pages the donor's own list", async () => {
    const pages = await walk(`/api/foods?email=${encodeURIComponent(donor.email)}&limit=7`, donor);
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 2]);
    expect(new Set(pages.flat().map((f) => f._id)).size).toBe(30);
  });

  it('answers at most 1000 rows without limit, and points to the rest', async () => {
    expect(available).toBeGreaterThan(1000);
    const res = await call(t.app, 'GET', '/api/foods?sortByDate=dec');
    expect(res.json()).toHaveLength(1000);
    const rest = await call(t.app, 'GET', `/api/foods?sortByDate=dec&cursor=${encodeURIComponent(String(res.headers['x-next-cursor']))}`);
    expect(rest.json()).toHaveLength(available - 1000);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['cursor=abc', 'cursor'],
    ['cursor=2025-01-01_not-a-uuid', 'cursor'],
    // A date cursor for the quantity order, and a quantity cursor for a date order.
    ['sortByQuantity=true&cursor=2025-01-01_00000000-0000-4000-8000-000000000000', 'cursor'],
    ['sortByDate=dec&cursor=12_00000000-0000-4000-8000-000000000000', 'cursor'],
  ])('refuses %s with a 400 problem naming %s', async (query, field) => {
    const res = await call(t.app, 'GET', `/api/foods?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(res.json().errors)).toContain(field);
  });

  it('lets other trusted origins read the pagination headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/foods?sortByDate=dec&limit=1', headers: { origin: 'http://localhost:3000' } });
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/X-Next-Cursor/i);
  });
});
