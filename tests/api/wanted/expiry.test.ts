// Wanted posts over time and space: an expired post stays for its poster for 30 days, then the
// lifecycle sweep deletes it with its answers; the near list and the matching of new listings read
// the posts' points through their GiST indexes, not by scanning every post.
import { and, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client.js';
import { rowsOf } from '../../../src/server/db/rows.js';
import { withinPostRadius } from '../../../src/server/wanted/matching.js';
import { nearPublicPoint } from '../../../src/server/wanted/repository.js';
import { BACKENDS, call, foodBody, startApp, type TestApp } from '../harness.js';
import { person, SAFETY_ENV } from '../moderation/support.js';
import { LYON, post, titles } from './support.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The index names in the plan of `select id from wanted_posts where hidden_at is null and <where>`. */
async function indexesOf(db: Database, where: SQL): Promise<string[]> {
  const result = await db.execute(sql`explain (format json) select id from wanted_posts where ${and(sql`hidden_at is null`, where)}`);
  const plan = JSON.stringify(Object.values(rowsOf(result)[0]!)[0]);
  return [...plan.matchAll(/\\?"Index Name\\?":\s*\\?"(\w+)/g)].map((m) => m[1]!);
}

describe.each(BACKENDS)('Wanted posts over time and space on %s', (backend) => {
  let t: TestApp;
  let offset = 0;

  beforeAll(async () => {
    t = await startApp(backend, SAFETY_ENV, { clock: () => new Date(Date.now() + offset) });
  });
  afterAll(() => t.close());

  it('keeps an expired post for its poster 30 days, then the lifecycle sweep deletes it and its answers', async () => {
    const poster = await person(t.app, 'Edda Expired');
    const donor = await person(t.app, 'Dirk Donor');
    const id = await post(t.app, poster, { Title: 'Semolina soon', ExpiresAt: new Date(Date.now() + offset + DAY_MS).toISOString() });
    const food = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Semolina pack' }));
    expect((await call(t.app, 'POST', `/api/wanted/${id}/answers`, donor, { FoodId: food.json().insertedId })).statusCode).toBe(201);
    const lasting = await post(t.app, poster, { Title: 'Semolina later', ExpiresAt: new Date(Date.now() + offset + 29 * DAY_MS).toISOString() });

    // Expired 29 days ago: out of the list, still the poster's.
    offset += 30 * DAY_MS;
    await t.app.lifecycle.sweep();
    expect(await titles(t.app, null)).not.toContain('Semolina soon');
    expect(await titles(t.app, poster, '/api/wanted?mine=true')).toContain('Semolina soon');
    expect((await call(t.app, 'GET', `/api/wanted/${id}`, poster)).json()).toMatchObject({ Open: false, Answers: [{ FoodName: 'Semolina pack' }] });

    // Expired 31 days ago: deleted, answers with it; the one that expired a day ago stays.
    offset += 2 * DAY_MS;
    expect((await t.app.lifecycle.sweep()).wantedDeleted).toBeGreaterThanOrEqual(1);
    expect((await call(t.app, 'GET', `/api/wanted/${id}`, poster)).statusCode).toBe(404);
    const mine = await titles(t.app, poster, '/api/wanted?mine=true');
    expect(mine).not.toContain('Semolina soon');
    expect(mine).toContain('Semolina later');
    expect((await call(t.app, 'GET', `/api/wanted/${lasting}`, poster)).json().Open).toBe(false);
    const answers = await t.app.db.execute(sql`select count(*)::int as n from wanted_answers where wanted_id = ${id}`);
    expect(rowsOf<{ n: number }>(answers)[0]!.n).toBe(0);
    expect((await t.app.lifecycle.sweep()).wantedDeleted).toBe(0);
  });

  it('reads the near list and the matching of a new listing through the GiST indexes of the posts\' points', async () => {
    // 5 000 open posts spread over the world, as a busy year might leave them.
    const poster = await person(t.app, 'Bulk Poster');
    await t.app.db.execute(sql`insert into wanted_posts (poster_id, title, lat, lng, public_lat, public_lng, radius_km, expires_at)
      select ${poster.id}, 'Bulk ' || g, lat, lng, lat, lng, 3, now() + interval '5 days'
      from (select g, -60 + random() * 120 as lat, -180 + random() * 360 as lng from generate_series(1, 5000) g) s`);
    await t.app.db.execute(sql`analyze wanted_posts`);
    expect(await indexesOf(t.app.db, nearPublicPoint({ lat: LYON.Lat, lng: LYON.Lng, radiusKm: 5 }))).toContain('wanted_posts_public_point_idx');
    expect(await indexesOf(t.app.db, withinPostRadius(LYON.Lat, LYON.Lng))).toContain('wanted_posts_point_idx');
  });
});
