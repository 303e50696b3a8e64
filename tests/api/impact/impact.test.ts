// The impact figures: `GET /api/impact` and `/api/impact/me` answer
// {Shares, Kg, Meals, Co2eKg}, kept up to date by each delivery's own transaction:
// a listing's "Approximate weight (kg)", else 0.325 kg per item; "Some left" counts
// what the donor says went; meals = kg ÷ 0.42 (rounded down), CO2e = kg × IMPACT_CO2E_PER_KG.
//
// The community's public totals count a delivery only for a verified requester at least
// a day old, once per listing and requester, at most 50 kg; a moderator can void them.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema/index.js';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';
import { person } from '../moderation/support.js';

describe.each(BACKENDS)('impact on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let ann: Person;
  let bob: Person;

  beforeAll(async () => {
    t = await startApp(backend, { IMPACT_CO2E_PER_KG: '2.5' });
    donor = await signUp(t.app, 'Dana Donor');
    ann = await established('Ann');
    bob = await established('Bob');
  });
  afterAll(() => t.close());

  /** A requester whose deliveries count publicly: address verified, account two days old. */
  const established = async (name: string) => {
    const p = await person(t.app, name, true);
    await t.app.db.update(users).set({ createdAt: sql`now() - interval '2 days'` }).where(eq(users.id, p.id));
    return p;
  };
  const impact = async (who?: Person) => (await call(t.app, 'GET', who ? '/api/impact/me' : '/api/impact', who)).json();
  const deliver = async (body: Record<string, unknown>, who: Person, food: Record<string, unknown>) => {
    const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody(food))).json().insertedId;
    const id = (await call(t.app, 'POST', '/api/requests', who, { FoodId: foodId })).json().insertedId;
    expect((await call(t.app, 'PATCH', `/api/requests/${id}`, donor, { Status: 'Delivered', ...body })).statusCode).toBe(200);
    return foodId as string;
  };

  it('starts at zero; /me needs a session', async () => {
    expect(await impact()).toEqual({ Shares: 0, Kg: 0, Meals: 0, Co2eKg: 0 });
    expect((await call(t.app, 'GET', '/api/impact/me')).statusCode).toBe(401);
    expect(await impact(ann)).toEqual({ Shares: 0, Kg: 0, Meals: 0, Co2eKg: 0 });
  });

  it('keeps the weight a donor gives, validates it, and counts it on delivery', async () => {
    const res = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Sack of Potatoes', FoodWeightKg: 'heavy' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('FoodWeightKg');
    const foodId = await deliver({}, ann, { FoodName: 'Sack of Potatoes', FoodWeightKg: 2.4 });
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`)).json()).toMatchObject({ FoodWeightKg: 2.4, FoodStatus: 'Collected' });
    // 2.4 kg: 5.71 meals (5), 6 kg CO2e.
    expect(await impact()).toEqual({ Shares: 1, Kg: 2.4, Meals: 5, Co2eKg: 6 });
  });

  it('counts 0.325 kg per item without a weight, and with "Some left" only what went', async () => {
    await deliver({}, bob, { FoodName: 'Three Yogurts', FoodQuantity: 3 });
    // 2.4 + 0.975 = 3.375 kg: 8.04 meals (8), 8.4375 kg CO2e (8.4).
    expect(await impact()).toEqual({ Shares: 2, Kg: 3.4, Meals: 8, Co2eKg: 8.4 });
    await deliver({ SomeLeft: true, FoodQuantity: 6 }, bob, { FoodName: 'Ten Apples', FoodQuantity: 10 });
    // 4 items went: + 1.3 kg = 4.675 kg: 11.13 meals (11), 11.6875 kg CO2e (11.7).
    expect(await impact()).toEqual({ Shares: 3, Kg: 4.7, Meals: 11, Co2eKg: 11.7 });
  });

  it("answers each person's own figures: deliveries they gave or received", async () => {
    expect(await impact(donor)).toEqual({ Shares: 3, Kg: 4.7, Meals: 11, Co2eKg: 11.7 });
    expect(await impact(ann)).toEqual({ Shares: 1, Kg: 2.4, Meals: 5, Co2eKg: 6 });
    expect(await impact(bob)).toEqual({ Shares: 2, Kg: 2.3, Meals: 5, Co2eKg: 5.7 });
  });

  it("does not let a donor inflate the community's totals through their own second account; a moderator voids a share", async () => {
    const before = await impact();
    // A fresh, unverified second account: a 10 000 kg listing delivered from Pending, then six "Some left" deliveries.
    const alt = await signUp(t.app, 'Dana Again');
    const foodId = await deliver({ SomeLeft: true, FoodQuantity: 9 }, alt, { FoodName: 'Heavy Heap', FoodQuantity: 10, FoodWeightKg: 10_000 });
    for (let left = 8; left >= 3; left -= 1) {
      const id = (await call(t.app, 'POST', '/api/requests', alt, { FoodId: foodId })).json().insertedId;
      expect((await call(t.app, 'PATCH', `/api/requests/${id}`, donor, { Status: 'Delivered', SomeLeft: true, FoodQuantity: left })).statusCode).toBe(200);
    }
    expect(await impact()).toEqual(before);
    // The same with an established requester: the listing counts once, at most 50 kg.
    const cleo = await established('Cleo');
    const big = await deliver({ SomeLeft: true, FoodQuantity: 9 }, cleo, { FoodName: 'Heavy Hoard', FoodQuantity: 10, FoodWeightKg: 10_000 });
    const again = (await call(t.app, 'POST', '/api/requests', cleo, { FoodId: big })).json().insertedId;
    expect((await call(t.app, 'PATCH', `/api/requests/${again}`, donor, { Status: 'Delivered', SomeLeft: true, FoodQuantity: 8 })).statusCode).toBe(200);
    const counted = await impact();
    expect(counted.Shares).toBe(before.Shares + 1);
    expect(counted.Kg).toBeCloseTo(before.Kg + 50, 1);
    // Her own figures count what she received.
    expect((await impact(cleo)).Shares).toBe(2);
    // A moderator voids the listing's share: the totals follow.
    const mod = await person(t.app, 'Moe Moderator', true);
    await t.app.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod.id));
    const voided = await call(t.app, 'POST', '/api/moderation/actions', mod, { Action: 'VoidImpact', TargetType: 'food', TargetId: big, Reason: 'Self-dealing' });
    expect(voided.json()).toMatchObject({ modifiedCount: 1 });
    expect(await impact()).toEqual(before);
    expect((await call(t.app, 'POST', '/api/moderation/actions', cleo, { Action: 'VoidImpact', TargetType: 'food', TargetId: big, Reason: 'x' })).statusCode).toBe(404);
  });
});
