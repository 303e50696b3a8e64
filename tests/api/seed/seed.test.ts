// The demo seed (src/server/seed/demo.ts): its donors are verified from the start,
// sign in with the demo password, and no verification mail is queued for them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../src/server/seed/demo.js';
import { DEMO_DONORS, DEMO_LISTINGS } from '../../../src/server/seed/listings.js';
import { BACKENDS, call, signInWith, startApp, type TestApp } from '../harness.js';

describe.each(BACKENDS)('demo seed on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t.close());

  it('creates verified demo donors who can sign in, queues no mail, and runs only on an empty database', async () => {
    expect(await seedDemoData(t.app.db, t.app.auth, 'http://localhost:3000')).toBe(DEMO_LISTINGS.length);
    // No mail and no push; each new listing's matching task (listing.created) is not a message.
    const queued = (await t.app.db.execute(sql`select count(*)::int as n from outbox where kind <> 'task'`)) as unknown as { rows: { n: number }[] };
    expect(queued.rows[0]!.n).toBe(0);
    for (const d of DEMO_DONORS) {
      const res = await signInWith(t.app, { email: d.email, password: d.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ email: d.email, name: d.name, emailVerified: true });
    }
    const listed = (await call(t.app, 'GET', '/api/foods?sortByDate=dec')).json() as { FoodStatus: string }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((f) => f.FoodStatus === 'Available')).toBe(true);
    expect(await seedDemoData(t.app.db, t.app.auth, 'http://localhost:3000')).toBe(0);
  });
});
