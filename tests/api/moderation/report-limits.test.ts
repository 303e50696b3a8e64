// Reports cannot be used as a flood: 10 an hour and 30 a day per account (429 with
// Retry-After past them, nothing stored); reports of unverified accounts are accepted,
// never count toward hiding, and the moderation queue says whose they are.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema/index.js';
import { BACKENDS, call, startApp, type Person, type TestApp } from '../harness.js';
import { listing, person } from './support.js';

type Who = Person & { id: string };

describe.each(BACKENDS)('report limits on %s', (backend) => {
  let t: TestApp;
  let mod: Who;

  beforeAll(async () => {
    t = await startApp(backend);
    mod = await person(t.app, 'Mona Moderator', true);
    await t.app.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod.id));
  });
  afterAll(() => t.close());

  const report = (who: Person, targetId: string) =>
    call(t.app, 'POST', '/api/reports', who, { TargetType: 'food', TargetId: targetId, Reason: 'Other', Details: 'x'.repeat(1000) });
  const queue = async () => (await call(t.app, 'GET', '/api/moderation/reports', mod)).json() as { TargetId: string; Reports: { ReporterVerified: boolean | null }[] }[];

  it('refuses the 11th report of one account within an hour with 429 and Retry-After, and stores none of the refused', async () => {
    const donor = await person(t.app, 'Dora Donor', true);
    const flooder = await person(t.app, 'Fred Flooder');
    const foods: string[] = [];
    for (let i = 0; i < 12; i += 1) foods.push(await listing(t.app, donor, `Flood Figs ${i}`));
    for (let i = 0; i < 10; i += 1) expect((await report(flooder, foods[i]!)).statusCode, `report ${i + 1}`).toBe(201);
    const eleventh = await report(flooder, foods[10]!);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(3000);
    expect(eleventh.headers['content-type']).toMatch(/application\/problem\+json/);
    expect((await report(flooder, foods[11]!)).statusCode).toBe(429);
    const reported = new Set((await queue()).map((g) => g.TargetId));
    expect(reported.has(foods[9]!)).toBe(true);
    expect(reported.has(foods[10]!)).toBe(false);
    // Another account still reports.
    expect((await report(await person(t.app, 'Olga Other', true), foods[10]!)).statusCode).toBe(201);
  });

  it('shows in the queue which reports come from unverified accounts, and those never hide a listing', async () => {
    const donor = await person(t.app, 'Dina Donor', true);
    const foodId = await listing(t.app, donor, 'Questioned Quinces');
    for (const name of ['Una', 'Ugo', 'Ulla']) expect((await report(await person(t.app, name), foodId)).statusCode).toBe(201);
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`)).statusCode).toBe(200);
    expect((await report(await person(t.app, 'Vera Verified', true), foodId)).statusCode).toBe(201);
    const group = (await queue()).find((g) => g.TargetId === foodId)!;
    expect(group.Reports.map((r) => r.ReporterVerified).sort()).toEqual([false, false, false, true]);
  });
});
