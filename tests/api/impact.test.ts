// Issue 16's impact figures: `GET /api/impact` and `/api/impact/me` answer
// {Shares, Kg, Meals, Co2eKg}, kept up to date by each delivery's own transaction:
// a listing's "Approximate weight (kg)", else 0.325 kg per item; "Some left" counts
// what the donor says went; meals = kg ÷ 0.42 (rounded down), CO2e = kg × IMPACT_CO2E_PER_KG.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from './harness.js';

describe.each(BACKENDS)('impact on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let ann: Person;
  let bob: Person;

  beforeAll(async () => {
    t = await startApp(backend, { IMPACT_CO2E_PER_KG: '2.5' });
    donor = await signUp(t.app, 'Dana Donor');
    ann = await signUp(t.app, 'Ann');
    bob = await signUp(t.app, 'Bob');
  });
  afterAll(() => t.close());

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
});
