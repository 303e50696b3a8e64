// Alerts telling their owner about new listings: matched after the listing's commit
// through the outbox, once per listing; several quick matches fold into one message;
// at most three messages a day per alert; push and mail as the alert says, the mail
// with an RFC 8058 one-click unsubscribe of that alert only; never the owner's own
// listing nor one of a person blocked either way; no match out of place, category,
// diet or words.
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../src/server/db/schema/index.js';
import { recipient } from '../../support/inbox.js';
import { appWithInbox, BACKENDS, call, foodBody, type InboxApp, type Person } from '../harness.js';
import { person } from '../moderation/support.js';

const PUBLIC_URL = 'https://plateful.example';
const ONE_CLICK = { payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } };

describe.each(BACKENDS)('alert matching on %s', (backend) => {
  let t: InboxApp;
  // Each test its own town, so one test's alerts never see another's listings.
  let town = 0;
  const nextTown = () => ({ Lat: 48 + (town += 1) * 0.5, Lng: 11 });

  beforeAll(async () => {
    t = await appWithInbox(backend, { PUBLIC_URL });
  });
  afterAll(() => t?.close());

  const alert = async (who: Person, body: Record<string, unknown>) => {
    const res = await call(t.app, 'POST', '/api/alerts', who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  const list = async (donor: Person, at: { Lat: number; Lng: number }, fields: Record<string, unknown> = {}) => {
    const res = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Rye bread', Category: 'Bakery', Diet: ['Vegan'], Location: at, ...fields }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  const settled = () => t.app.outbox.whenIdle();
  const matches = async (who: Person) => {
    await settled();
    return (await call(t.app, 'GET', '/api/notifications', who)).json().filter((n: { Type: string }) => n.Type === 'alert.match');
  };
  const mailsTo = async (who: Person) => {
    await settled();
    return t.inbox.messages.filter((m) => recipient(m) === who.email && /your alert/.test(m.subject ?? ''));
  };
  const header = (m: ParsedMail, name: string) => {
    const line = m.headerLines.find((h) => h.key === name.toLowerCase());
    return line?.line.slice(line.line.indexOf(':') + 1).trim();
  };
  const readAll = (who: Person) => call(t.app, 'POST', '/api/notifications/read', who, { all: true });

  it('tells the owner once about a matching listing, in-app and by mail, linking to it', async () => {
    const at = nextTown();
    const nia = await person(t.app, 'Nia');
    const dan = await person(t.app, 'Dan');
    await alert(nia, { Words: 'bread', Categories: ['Bakery'], Diet: ['Vegan'], WithoutAllergens: [], Near: at, RadiusKm: 2, Email: true });
    const foodId = await list(dan, at);
    const [n, ...more] = await matches(nia);
    expect(more).toEqual([]);
    expect(n).toMatchObject({ Type: 'alert.match', Title: 'New for your alert: Rye bread', Link: `/food/${foodId}` });
    expect(n.Body).toBe('Rye bread matches your alert "bread, 2 km".');
    const [mail, ...moreMail] = await mailsTo(nia);
    expect(moreMail).toEqual([]);
    expect(mail!.subject).toBe('New for your alert: Rye bread');
    expect(mail!.text).toContain(`${PUBLIC_URL}/food/${foodId}`);
    // A listing that misses on place, category, diet or words tells nobody.
    await list(dan, { Lat: at.Lat + 0.1, Lng: at.Lng });
    await list(dan, at, { Category: 'Drinks' });
    await list(dan, at, { Diet: ['Vegetarian'] });
    await list(dan, at, { FoodName: 'Rye rolls' });
    await readAll(nia);
    expect((await matches(nia)).length).toBe(1);
    expect((await call(t.app, 'GET', '/api/alerts', nia)).json()[0].LastMatchAt).toEqual(expect.any(String));
  });

  it('folds three quick matches into one message', async () => {
    const at = nextTown();
    const oli = await person(t.app, 'Oli');
    const dan = await person(t.app, 'Dan');
    await alert(oli, { Words: 'bread', Near: at, RadiusKm: 2, Email: true });
    const ids = [await list(dan, at, { FoodName: 'Rye bread' }), await list(dan, at, { FoodName: 'White bread' }), await list(dan, at, { FoodName: 'Spelt bread' })];
    const [n, ...more] = await matches(oli);
    expect(more).toEqual([]);
    expect(n).toMatchObject({ Title: '3 new listings for your alert', ReadAt: null });
    // The latest match (the worker may take the three in any order) names the link.
    expect(ids.map((id) => `/food/${id}`)).toContain(n.Link);
    expect(n.Body).toMatch(/^3 new listings match your alert "bread, 2 km", the latest (Rye|White|Spelt) bread\.$/);
    expect((await mailsTo(oli)).length).toBe(1);
  });

  it('sends at most three messages a day per alert', async () => {
    const at = nextTown();
    const pia = await person(t.app, 'Pia');
    const dan = await person(t.app, 'Dan');
    await alert(pia, { Near: at, RadiusKm: 2 });
    for (let i = 0; i < 5; i += 1) {
      await list(dan, at, { FoodName: `Loaf ${i}` });
      await settled();
      // Read at once: each match would be a new message, not a fold.
      await readAll(pia);
    }
    expect((await matches(pia)).map((n: { Title: string }) => n.Title)).toEqual(['Loaf 2', 'Loaf 1', 'Loaf 0'].map((f) => `New for your alert: ${f}`));
  });

  it('unsubscribes one alert from mail with one POST and no session', async () => {
    const at = nextTown();
    const quin = await person(t.app, 'Quin');
    const dan = await person(t.app, 'Dan');
    const alertId = await alert(quin, { Near: at, RadiusKm: 2, Email: true });
    const other = await alert(quin, { Near: nextTown(), RadiusKm: 2, Email: true });
    await list(dan, at);
    const [mail] = await mailsTo(quin);
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const url = /^<(.+)>$/.exec(header(mail!, 'List-Unsubscribe') ?? '')![1]!;
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/alerts/unsubscribe\\?token=${alertId}\\.[\\w-]+$`));
    const path = url.slice(PUBLIC_URL.length);

    const forged = await t.app.inject({ method: 'POST', url: path.replace(alertId, other), ...ONE_CLICK });
    expect(forged.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('Unsubscribe</button>');
    const res = await t.app.inject({ method: 'POST', url: path, ...ONE_CLICK });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const saved = (await call(t.app, 'GET', '/api/alerts', quin)).json();
    expect(saved.find((a: { _id: string }) => a._id === alertId).Email).toBe(false);
    expect(saved.find((a: { _id: string }) => a._id === other).Email).toBe(true);

    // The next match still shows in the app, but mails nothing.
    await readAll(quin);
    await list(dan, at);
    expect((await matches(quin)).length).toBe(2);
    expect((await mailsTo(quin)).length).toBe(1);
  });

  it("never matches the owner's own listing, nor a listing across a block either way", async () => {
    const at = nextTown();
    const rae = await person(t.app, 'Rae');
    const sam = await person(t.app, 'Sam');
    const tom = await person(t.app, 'Tom');
    await alert(rae, { Near: at, RadiusKm: 2 });
    await alert(sam, { Near: at, RadiusKm: 2 });
    await list(rae, at);
    expect(await matches(rae)).toEqual([]);
    expect((await matches(sam)).length).toBe(1);
    await readAll(sam);

    expect((await call(t.app, 'POST', '/api/blocks', rae, { UserId: tom.id })).statusCode).toBe(201);
    expect((await call(t.app, 'POST', '/api/blocks', tom, { UserId: sam.id })).statusCode).toBe(201);
    await list(tom, at);
    expect(await matches(rae)).toEqual([]);
    expect((await matches(sam)).length).toBe(1);
  });

  it('matches nothing for a person who has not opened the app for 30 days, until they do', async () => {
    const at = nextTown();
    const vi = await person(t.app, 'Vi');
    const dan = await person(t.app, 'Dan');
    await alert(vi, { Near: at, RadiusKm: 2 });
    await t.app.db.update(sessions).set({ updatedAt: sql`now() - interval '31 days'` }).where(eq(sessions.userId, vi.id));
    await list(dan, at);
    expect(await matches(vi)).toEqual([]);
    await t.app.db.update(sessions).set({ updatedAt: sql`now()` }).where(eq(sessions.userId, vi.id));
    await list(dan, at);
    expect((await matches(vi)).length).toBe(1);
  });

  it('matches nothing while paused', async () => {
    const at = nextTown();
    const uma = await person(t.app, 'Uma');
    const dan = await person(t.app, 'Dan');
    const id = await alert(uma, { Near: at, RadiusKm: 2, Paused: true });
    await list(dan, at);
    expect(await matches(uma)).toEqual([]);
    await call(t.app, 'PUT', `/api/alerts/${id}`, uma, { Paused: false });
    await list(dan, at);
    expect((await matches(uma)).length).toBe(1);
  });
});
