// Contact details only where the spec needs them: `Donator.Email` goes
// to the donor and to users whose request for that food the donor has taken up
// (delivered), never to a requester who only asked or cancelled; `Requester.Email` to
// that food's donor and to the requester. Everyone else, signed in or not, gets the
// same objects without `Email`. The table below is what each kind of viewer reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

type Viewer = 'anonymous' | 'stranger' | 'donor' | 'requester' | 'asker';

/** Request rows also carry the person's public standing; it holds no contact detail. */
const STANDING = { Shares: expect.any(Number), PositivePercent: null };

describe.each(BACKENDS)('who sees whose email on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let requester: Person;
  let stranger: Person;
  let asker: Person;
  let foodId: string;
  const as = (v: Viewer): Person | null => ({ anonymous: null, stranger, donor, requester, asker })[v];

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rui Requester');
    stranger = await signUp(t.app, 'Sam Stranger');
    asker = await signUp(t.app, 'Ada Asker');
    const created = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Visible Soup', FoodQuantity: 99 }));
    foodId = created.json().insertedId;
    const asked = await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId, AdditionalNotes: 'x', DonationMoney: '1' });
    expect(asked.statusCode).toBe(201);
    // SomeLeft: the listing stays up for the next requester.
    expect((await call(t.app, 'PATCH', `/api/requests/${asked.json().insertedId}`, donor, { Status: 'Delivered', SomeLeft: true })).statusCode).toBe(200);
    // The asker's request stays pending: the donor has not taken it up.
    expect((await call(t.app, 'POST', '/api/requests', asker, { FoodId: foodId, AdditionalNotes: '', DonationMoney: '' })).statusCode).toBe(201);
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

  const expected: Record<Viewer, boolean> = { anonymous: false, stranger: false, donor: true, requester: true, asker: false };

  for (const viewer of ['anonymous', 'stranger', 'donor', 'requester', 'asker'] as const) {
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
    const byName = (name: string) => (forDonor.json() as Array<{ Requester: { Name: string }; Donator: { Email?: string } }>).find((r) => r.Requester.Name === name)!;
    expect(byName('Rui Requester').Requester).toEqual({ Name: 'Rui Requester', Image: requester.image, Email: requester.email, _id: expect.any(String), Standing: STANDING });
    expect(byName('Ada Asker').Requester).toEqual({ Name: 'Ada Asker', Image: asker.image, Email: asker.email, _id: expect.any(String), Standing: STANDING });
    expect(byName('Ada Asker').Donator.Email).toBe(donor.email);
    expect((await call(t.app, 'GET', `/api/requests/${foodId}`, requester)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/requests/${foodId}`, stranger)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/requests/${foodId}`, null)).statusCode).toBe(401);
  });

  it('the requester’s own list: their email, and the donor’s once delivered; nobody else reads it', async () => {
    const url = `/api/requests?email=${encodeURIComponent(requester.email)}`;
    const mine = await call(t.app, 'GET', url, requester);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()[0]).toMatchObject({ Requester: { Email: requester.email }, Donator: { Email: donor.email }, Status: 'Delivered' });
    const pending = (await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(asker.email)}`, asker)).json();
    expect(pending[0]).toMatchObject({ Requester: { Email: asker.email }, Status: 'Pending' });
    expect(pending[0].Donator).toEqual({ Name: 'Dana Donor', Image: donor.image, _id: expect.any(String), Standing: STANDING });
    const exported = (await call(t.app, 'GET', '/api/account/export', asker)).json();
    expect(exported.Requests[0].Donator).not.toHaveProperty('Email');
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

  it('requesting then cancelling harvests no donor address (6 donors, a fresh account)', async () => {
    const harvester = await signUp(t.app, 'Hal Harvest');
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const d = await signUp(t.app, `Giver ${i}`);
      const food = (await call(t.app, 'POST', '/api/foods', d, foodBody({ FoodName: `Bait ${i}` }))).json().insertedId as string;
      const made = await call(t.app, 'POST', '/api/requests', harvester, { FoodId: food, AdditionalNotes: '', DonationMoney: '' });
      expect(made.statusCode).toBe(201);
      const collect = (d: { Email?: string }) => d.Email && seen.add(d.Email);
      collect((await call(t.app, 'GET', `/api/foods/${food}`, harvester)).json().Donator);
      for (const r of (await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(harvester.email)}`, harvester)).json()) collect(r.Donator);
      expect((await call(t.app, 'DELETE', `/api/requests/${made.json().insertedId}`, harvester)).statusCode).toBe(200);
      collect((await call(t.app, 'GET', `/api/foods/${food}`, harvester)).json().Donator);
    }
    expect([...seen]).toEqual([]);
  });

  it('accepting a request shows the requester the donor’s address; declining does not', async () => {
    const giver = await signUp(t.app, 'Gita Giver');
    const food = (await call(t.app, 'POST', '/api/foods', giver, foodBody({ FoodName: 'Accepted Apples' }))).json().insertedId as string;
    const [yes, no] = [await signUp(t.app, 'Yara Yes'), await signUp(t.app, 'Nils No')];
    const ask = async (p: Person) => (await call(t.app, 'POST', '/api/requests', p, { FoodId: food, AdditionalNotes: '', DonationMoney: '' })).json().insertedId as string;
    const [yesId, noId] = [await ask(yes), await ask(no)];
    expect((await call(t.app, 'PATCH', `/api/requests/${yesId}`, giver, { Status: 'Accepted' })).statusCode).toBe(200);
    expect((await call(t.app, 'PATCH', `/api/requests/${noId}`, giver, { Status: 'Declined' })).statusCode).toBe(200);
    const donatorOf = async (p: Person) => (await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(p.email)}`, p)).json()[0].Donator;
    expect(await donatorOf(yes)).toMatchObject({ Email: giver.email });
    expect((await call(t.app, 'GET', `/api/foods/${food}`, yes)).json().Donator.Email).toBe(giver.email);
    expect(await donatorOf(no)).not.toHaveProperty('Email');
    expect((await call(t.app, 'GET', `/api/foods/${food}`, no)).json().Donator).not.toHaveProperty('Email');
  });
});
