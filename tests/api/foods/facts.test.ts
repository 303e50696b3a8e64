// Categories, diet tags and allergens of listings (docs/api.md "Categories, diets and
// allergens"): stored and answered, `Other`/[]/null for listings that never said, a prepared
// meal must state its allergens (400 naming `Allergens`), a spec client's PUT keeps them, and
// the `category`, `diet` and `withoutAllergens` filters alone and with `search` and `near`.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, call, foodBody, freshPostgres, signUp, type Person } from '../harness.js';

const BERLIN = { Lat: 52.52, Lng: 13.405 };
const HAMBURG = { Lat: 53.551, Lng: 9.994 };

describe.each(BACKENDS)('categories, diets and allergens on %s', (backend) => {
  let app: FastifyInstance;
  const closers: (() => Promise<void>)[] = [];
  let donor: Person;
  let reader: Person;

  const create = async (overrides: Record<string, unknown>) => {
    const res = await call(app, 'POST', '/api/foods', donor, foodBody(overrides, 10));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  const names = async (query: string) => {
    const res = await call(app, 'GET', `/api/foods?sortByDate=acc&${query}`, reader);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { FoodName: string }[]).map((f) => f.FoodName).sort();
  };

  beforeAll(async () => {
    const pgdb = backend === 'postgres' ? await freshPostgres() : undefined;
    const a = await buildTestApp(pgdb?.url);
    app = a.app;
    closers.push(() => a.app.close(), () => a.database.close());
    if (pgdb) closers.push(() => pgdb.drop());
    donor = await signUp(app, 'Dana Donor');
    reader = await signUp(app, 'Rita Reader');
    await create({ FoodName: 'Vegan Loaf', Category: 'Bakery', Diet: ['Vegan', 'Vegetarian'], Allergens: { Contains: ['Gluten'], MayContain: ['Sesame'] }, Location: BERLIN });
    await create({ FoodName: 'Nut Loaf', Category: 'Bakery', Diet: ['Vegan'], Allergens: { Contains: ['Gluten', 'Nuts'] }, Location: BERLIN });
    await create({ FoodName: 'Milk Loaf', Category: 'Bakery', Diet: ['Vegetarian'], Allergens: { Contains: ['Gluten', 'Milk'], MayContain: [] }, Location: HAMBURG });
    await create({ FoodName: 'Traces Loaf', Category: 'Bakery', Diet: ['Vegan'], Allergens: { Contains: [], MayContain: ['Nuts'] }, Location: BERLIN });
    await create({ FoodName: 'Mystery Loaf', Category: 'Bakery', Diet: ['Vegan'], Allergens: 'Unknown', Location: BERLIN });
    await create({ FoodName: 'Silent Loaf', Category: 'Bakery', Diet: ['Vegan'], Location: BERLIN });
    await create({ FoodName: 'Vegan Curry', Category: 'PreparedMeals', Diet: ['Vegan'], Allergens: { Contains: ['Celery'] }, Location: BERLIN });
    await create({ FoodName: 'Apple Juice', Category: 'Drinks', Allergens: { Contains: [] }, Location: HAMBURG });
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('answers what was sent, lists in the regulation order, on the listing and in lists', async () => {
    const list = (await call(app, 'GET', '/api/foods?search=Vegan%20Loaf')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ Category: 'Bakery', Diet: ['Vegetarian', 'Vegan'], Allergens: { Contains: ['Gluten'], MayContain: ['Sesame'] } });
    const one = (await call(app, 'GET', `/api/foods/${list[0]._id}`)).json();
    expect(one).toMatchObject({ Category: 'Bakery', Diet: ['Vegetarian', 'Vegan'], Allergens: { Contains: ['Gluten'], MayContain: ['Sesame'] } });
    const mystery = (await call(app, 'GET', '/api/foods?search=Mystery')).json()[0];
    expect(mystery.Allergens).toBe('Unknown');
  });

  it('answers Other, [] and null for a listing made without them, and for rows stored before the fields existed', async () => {
    const id = await create({ FoodName: 'Plain Plums' });
    expect((await call(app, 'GET', `/api/foods/${id}`)).json()).toMatchObject({ Category: 'Other', Diet: [], Allergens: null });
    // A row written by the columns of old: the migration's defaults.
    await app.db.execute(sql`insert into foods (name, image_url, quantity, pickup_location, expires_on, notes, donor_id, donor_name, donor_image, donor_email)
      select 'Old Oats', image_url, 1, pickup_location, expires_on, notes, donor_id, donor_name, donor_image, donor_email from foods where id = ${id}`);
    const old = (await call(app, 'GET', '/api/foods?search=Old%20Oats')).json();
    expect(old).toHaveLength(1);
    expect(old[0]).toMatchObject({ Category: 'Other', Diet: [], Allergens: null });
    const own = (await call(app, 'GET', `/api/foods?email=${encodeURIComponent(donor.email)}`, donor)).json();
    expect(own.every((f: { Category: string; Diet: unknown[] }) => typeof f.Category === 'string' && Array.isArray(f.Diet))).toBe(true);
  });

  it('refuses a prepared meal without stated allergens with a 400 naming Allergens; Unknown is enough', async () => {
    for (const Allergens of [undefined, null]) {
      const res = await call(app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Lasagne', Category: 'PreparedMeals', ...(Allergens === undefined ? {} : { Allergens }) }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['Allergens']);
      expect(res.json().code).toBe('validation_failed');
    }
    await create({ FoodName: 'Lasagne', Category: 'PreparedMeals', Allergens: 'Unknown' });
    // A listing turned into a prepared meal on update must state them too.
    const id = await create({ FoodName: 'Soup Base', Category: 'Pantry' });
    const res = await call(app, 'PUT', `/api/foods/${id}`, donor, foodBody({ FoodName: 'Soup Base', Category: 'PreparedMeals' }, 10));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('Allergens');
  });

  it('refuses unknown codes and an allergen in both lists, naming the field', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await call(app, 'POST', '/api/foods', donor, foodBody(body));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field).join()).toContain(field);
    };
    await bad({ Category: 'Bread' }, 'Category');
    await bad({ Diet: ['Paleo'] }, 'Diet');
    await bad({ Allergens: { Contains: ['Walnuts'] } }, 'Allergens');
    await bad({ Allergens: { Contains: ['Nuts'], MayContain: ['Nuts'] } }, 'Allergens');
    expect((await call(app, 'GET', '/api/foods?category=Bread')).statusCode).toBe(400);
    expect((await call(app, 'GET', '/api/foods?withoutAllergens=Walnuts')).json().errors[0].field).toContain('withoutAllergens');
  });

  it("keeps the facts on a spec client's PUT without them, and changes them when sent", async () => {
    const id = await create({ FoodName: 'Rye Rolls', Category: 'Bakery', Diet: ['Vegan'], Allergens: { Contains: ['Gluten'] } });
    const spec = await call(app, 'PUT', `/api/foods/${id}`, donor, foodBody({ FoodName: 'Rye Rolls' }, 10));
    expect(spec.json()).toMatchObject({ modifiedCount: 0 });
    expect((await call(app, 'GET', `/api/foods/${id}`)).json()).toMatchObject({ Category: 'Bakery', Diet: ['Vegan'], Allergens: { Contains: ['Gluten'], MayContain: [] } });
    const same = await call(app, 'PUT', `/api/foods/${id}`, donor, foodBody({ FoodName: 'Rye Rolls', Category: 'Bakery', Diet: ['Vegan'], Allergens: { MayContain: [], Contains: ['Gluten'] } }, 10));
    expect(same.json()).toMatchObject({ modifiedCount: 0 });
    const changed = await call(app, 'PUT', `/api/foods/${id}`, donor, foodBody({ FoodName: 'Rye Rolls', Category: 'Pantry', Diet: [], Allergens: null }, 10));
    expect(changed.json()).toMatchObject({ modifiedCount: 1 });
    expect((await call(app, 'GET', `/api/foods/${id}`)).json()).toMatchObject({ Category: 'Pantry', Diet: [], Allergens: null });
    await call(app, 'DELETE', `/api/foods/${id}`, donor);
  });

  it('filters by category (any of several), diet (all named) and withoutAllergens (neither contains nor may contain, stated)', async () => {
    expect(await names('category=Drinks')).toEqual(['Apple Juice']);
    expect(await names('category=Drinks,PreparedMeals')).toEqual(['Apple Juice', 'Lasagne', 'Vegan Curry']);
    expect(await names('category=Drinks,PreparedMeals&search=Curry')).toEqual(['Vegan Curry']);
    expect(await names('diet=Vegan,Vegetarian')).toEqual(['Vegan Loaf']);
    expect(await names('diet=Vegan&category=Bakery')).toEqual(['Mystery Loaf', 'Nut Loaf', 'Silent Loaf', 'Traces Loaf', 'Vegan Loaf']);
    // Traces (MayContain), Unknown and unstated allergens are all left out.
    expect(await names('withoutAllergens=Nuts&category=Bakery')).toEqual(['Milk Loaf', 'Vegan Loaf']);
    expect(await names('withoutAllergens=Nuts,Milk&category=Bakery')).toEqual(['Vegan Loaf']);
    expect(await names('withoutAllergens=Gluten')).toEqual(['Apple Juice', 'Traces Loaf', 'Vegan Curry']);
  });

  it('combines the filters with search, near and the sorts', async () => {
    expect(await names('search=Loaf&category=Bakery&diet=Vegan&withoutAllergens=Nuts')).toEqual(['Vegan Loaf']);
    expect(await names('search=Juice&withoutAllergens=Nuts,Milk')).toEqual(['Apple Juice']);
    expect(await names('search=Curry&category=Bakery')).toEqual([]);
    // Hamburg's listings are 250 km from Berlin.
    expect(await names('near=52.52,13.405&radiusKm=20&category=Bakery&withoutAllergens=Milk')).toEqual(['Nut Loaf', 'Traces Loaf', 'Vegan Loaf']);
    expect(await names('near=53.551,9.994&radiusKm=20&category=Bakery')).toEqual(['Milk Loaf']);
    const nearest = await call(app, 'GET', '/api/foods?near=52.52,13.405&radiusKm=20&sortByDistance=true&diet=Vegan&withoutAllergens=Nuts&limit=1', reader);
    expect(nearest.json().map((f: { FoodName: string }) => f.FoodName)).toHaveLength(1);
    expect(['Vegan Loaf', 'Vegan Curry']).toContain(nearest.json()[0].FoodName);
    const featured = await call(app, 'GET', '/api/foods?sortByQuantity=true&limit=6&category=Bakery&diet=Vegetarian');
    expect(featured.json().map((f: { FoodName: string }) => f.FoodName).sort()).toEqual(['Milk Loaf', 'Vegan Loaf']);
    // A page boundary keeps the filter.
    const first = await call(app, 'GET', '/api/foods?sortByDate=acc&category=Bakery&diet=Vegan&limit=2');
    const next = await call(app, 'GET', `/api/foods?sortByDate=acc&category=Bakery&diet=Vegan&limit=10&cursor=${first.headers['x-next-cursor']}`);
    expect([...first.json(), ...next.json()].map((f: { FoodName: string }) => f.FoodName).sort()).toEqual(['Mystery Loaf', 'Nut Loaf', 'Silent Loaf', 'Traces Loaf', 'Vegan Loaf']);
  });
});
