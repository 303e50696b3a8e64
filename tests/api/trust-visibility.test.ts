// Contact details only where the spec needs them (issue 13): `Donator.Email` goes to
// the donor and to users with a request for that food; `Requester.Email` to that
// food's donor and to the requester. Everyone else, signed in or not, gets the same
// objects without `Email`. The table below is what each kind of viewer reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from './harness.js';

type Viewer = 'anonymous' | 'stranger' | 'donor' | 'requester';

describe.each(BACKENDS)('who sees whose email on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let requester: Person;
  let stranger: Person;
  let foodId: string;
  const as = (v: Viewer): Person | null => ({ anonymous: null, stranger, donor, requester })[v];

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rui Requester');
    stranger = await signUp(t.app, 'Sam Stranger');
    const created = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Visible Soup', FoodQuantity: 99 }));
    foodId = created.json().insertedId;
    expect((await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId, AdditionalNotes: 'x', DonationMoney: '1' })).statusCode).toBe(201);
  });
  afterAll(() => t?.close());

  /** `Donator` of the food as `viewer` reads it from every food answer. */
  async function donatorSeenBy(viewer: Viewer) {
    const who = as(viewer);
    const detail = (await call(t.app, 'GET', `/api/foods/${foodId}`, who)).json();
    const available = (await call(t.app, 'GET', '/api/foods?sortByDate=dec', who)).json();
    const featured = (await call(t.app, 'GET', '/api/foods?sortByQuantity=true&limit=6', who)).json();
    const search = (await call(t.app, 'GET', '/api/foods?search=visible', who)).json();
    const pick = (list: { _id: string; Donator: unknown }[]) => list.find((f) => f._id === foodId)!.Donator;
    return [detail.Donator, pick(available), pick(featured), pick(search)];
  }

  const expected: Record<Viewer, boolean> = { anonymous: false, stranger: false, donor: true, requester: true };

  for (const viewer of ['anonymous', 'stranger', 'donor', 'requester'] as const) {
    it(`Donator.Email on lists and detail: ${viewer} ${expected[viewer] ? 'sees it' : 'does not'}`, async () => {
      for (const d of await donatorSeenBy(viewer)) {
        expect(d).toMatchObject({ Name: 'Dana Donor', Image: donor.image });
        if (expected[viewer]) expect(d).toEqual({ Name: 'Dana Donor', Image: donor.image, Email: donor.email, _id: expect.any(String) });
        else expect(d).not.toHaveProperty('Email');
      }
    });
  }

  it("the donor's own list (email=) has the donor's email", async () => {
    const own = (await call(t.app, 'GET', `/api/foods?email=${encodeURIComponent(donor.email)}`, donor)).json();
    expect(own[0].Donator.Email).toBe(donor.email);
  });

  it('the food’s request list: the donor sees every requester’s email; everyone else is refused', async () => {
    const forDonor = await call(t.app, 'GET', `/api/requests/${foodId}`, donor);
    expect(forDonor.statusCode).toBe(200);
    expect(forDonor.json()[0].Requester).toEqual({ Name: 'Rui Requester', Image: requester.image, Email: requester.email, _id: expect.any(String) });
    expect(forDonor.json()[0].Donator.Email).toBe(donor.email);
    expect((await call(t.app, 'GET', `/api/requests/${foodId}`, requester)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/requests/${foodId}`, stranger)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/requests/${foodId}`, null)).statusCode).toBe(401);
  });

  it('the requester’s own list: their email and the donor’s; nobody else reads it', async () => {
    const url = `/api/requests?email=${encodeURIComponent(requester.email)}`;
    const mine = await call(t.app, 'GET', url, requester);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()[0]).toMatchObject({ Requester: { Email: requester.email }, Donator: { Email: donor.email } });
    expect((await call(t.app, 'GET', url, donor)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url, stranger)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url, null)).statusCode).toBe(401);
  });

  it('a stranger paging every list collects no address at all', async () => {
    for (let i = 0; i < 5; i++) {
      const d = await signUp(t.app, `Donor ${i}`);
      await call(t.app, 'POST', '/api/foods', d, foodBody({ FoodName: `Harvest ${i}` }));
    }
    const seen = new Set<string>();
    let url: string | undefined = '/api/foods?sortByDate=dec&limit=2';
    while (url) {
      const res = await call(t.app, 'GET', url, stranger);
      for (const f of res.json() as { Donator: { Email?: string } }[]) if (f.Donator.Email) seen.add(f.Donator.Email);
      const link = res.headers.link as string | undefined;
      url = link ? /<([^>]+)>/.exec(link)![1] : undefined;
    }
    expect([...seen]).toEqual([]);
  });

  it('a cancelled request no longer shows the donor’s email', async () => {
    const late = await signUp(t.app, 'Lou Late');
    const made = await call(t.app, 'POST', '/api/requests', late, { FoodId: foodId, AdditionalNotes: '', DonationMoney: '' });
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`, late)).json().Donator.Email).toBe(donor.email);
    expect((await call(t.app, 'DELETE', `/api/requests/${made.json().insertedId}`, late)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`, late)).json().Donator).not.toHaveProperty('Email');
  });
});
