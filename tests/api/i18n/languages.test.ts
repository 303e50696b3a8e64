// Languages (docs/translating.md): the shipped locales, a signed-in person's language
// (stored, validated, exported), the request mail, notification and push in that language,
// and server-rendered pages negotiated from the cookie, the account and Accept-Language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptPayload, newDevice, startPushService, waitForPushes, type PushService } from '../../support/push-service.js';
import { recipient, waitForMail } from '../../support/inbox.js';
import { appWithInbox, BACKENDS, call, foodBody, signUp, type InboxApp, type Person } from '../harness.js';

const ENV = { PUSH_ALLOW_PRIVATE: 'true', NEW_REQUEST_MAIL_DELAY_MS: '0' };

describe.each(BACKENDS)('languages on %s', (backend) => {
  let t: InboxApp;
  let push: PushService;
  let donor: Person;
  let requester: Person;

  beforeAll(async () => {
    push = await startPushService();
    t = await appWithInbox(backend, ENV);
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rita Requester');
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('lists the shipped locales, each named in itself, Arabic right to left', async () => {
    const res = await call(t.app, 'GET', '/api/locales');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { Code: 'en', Name: 'English', Dir: 'ltr' },
      { Code: 'de', Name: 'Deutsch', Dir: 'ltr' },
      { Code: 'fr', Name: 'Français', Dir: 'ltr' },
      { Code: 'es', Name: 'Español', Dir: 'ltr' },
      { Code: 'ar', Name: 'العربية', Dir: 'rtl' },
    ]);
  });

  it('stores a person’s language, refuses an unshipped one with machine codes, and exports it', async () => {
    expect((await call(t.app, 'GET', '/api/account/language')).statusCode).toBe(401);
    const negotiated = await t.app.inject({ method: 'GET', url: '/api/account/language', headers: { cookie: donor.cookie, 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' } });
    expect(negotiated.json()).toEqual({ Language: 'fr', Chosen: false });

    const bad = await call(t.app, 'PUT', '/api/account/language', donor, { Language: 'pt' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: [{ field: 'Language', code: 'invalid_value' }] });
    const set = await call(t.app, 'PUT', '/api/account/language', donor, { Language: 'de' });
    expect(set.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await call(t.app, 'PUT', '/api/account/language', donor, { Language: 'de' })).json().modifiedCount).toBe(0);
    expect((await call(t.app, 'GET', '/api/account/language', donor)).json()).toEqual({ Language: 'de', Chosen: true });
    expect((await call(t.app, 'GET', '/api/account/export', donor)).json().Language).toBe('de');
    expect((await call(t.app, 'GET', '/api/account/export', requester)).json().Language).toBeNull();
  });

  it('tells a German donor of a new request in German: notification, mail and push', async () => {
    const phone = newDevice();
    const sub = await call(t.app, 'POST', '/api/push-subscriptions', donor, { endpoint: `${push.origin}/donor`, expirationTime: null, keys: phone.keys });
    expect(sub.statusCode).toBe(201);
    const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Brot' }))).json().insertedId;
    const res = await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId, AdditionalNotes: 'Nach 18 Uhr' });
    expect(res.statusCode).toBe(201);

    const bell = (await call(t.app, 'GET', '/api/notifications', donor)).json();
    const items = Array.isArray(bell) ? bell : bell.Items ?? bell.items;
    expect(items[0]).toMatchObject({ Title: 'Neue Anfrage für Brot', Body: 'Rita Requester hat Brot angefragt. Notiz: Nach 18 Uhr' });

    const mail = await waitForMail(t.inbox, (m) => recipient(m) === donor.email && /Brot/.test(m.subject ?? ''));
    expect(mail.subject).toBe('Neue Anfrage für Brot');
    expect(mail.text).toContain('Hallo Dana Donor,');
    expect(mail.text).toContain('Die Anfragen ansehen: ');
    expect(mail.html).toContain('<html lang="de" dir="ltr">');

    const [received] = await waitForPushes(push, (p) => p.path === '/donor');
    expect(JSON.parse(decryptPayload(received!.body, phone))).toMatchObject({ Title: 'Neue Anfrage für Brot' });
  });

  it('mails a password reset in the chosen language, else in the language the request negotiates', async () => {
    const reset = (email: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: { 'content-type': 'application/json', ...headers }, payload: { email, redirectTo: '/reset-password' } });
    expect((await reset(donor.email, { 'accept-language': 'es' })).statusCode).toBe(200);
    const german = await waitForMail(t.inbox, (m) => recipient(m) === donor.email && m.subject === 'Setze dein Plateful-Passwort zurück');
    expect(german.text).toContain('Der Link funktioniert einmal und läuft in 1 Stunde ab.');
    await reset(requester.email, { 'accept-language': 'es-MX,es;q=0.9' });
    const spanish = await waitForMail(t.inbox, (m) => recipient(m) === requester.email && m.subject === 'Restablece tu contraseña de Plateful');
    expect(spanish.html).toContain('<html lang="es" dir="ltr">');
  });

  it('says a pickup time in the reader’s language', async () => {
    const cook = await signUp(t.app, 'Claire Cook');
    await call(t.app, 'PUT', '/api/account/language', cook, { Language: 'fr' });
    const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Tarte' }))).json().insertedId;
    const requestId = (await call(t.app, 'POST', '/api/requests', cook, { FoodId: foodId, AdditionalNotes: '' })).json().insertedId;
    const accepted = await call(t.app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Accepted', PickupAt: '2030-06-04T16:30:00.000Z' });
    expect(accepted.statusCode).toBe(200);
    const [latest] = (await call(t.app, 'GET', '/api/notifications', cook)).json().Items ?? (await call(t.app, 'GET', '/api/notifications', cook)).json();
    const when = new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeStyle: 'short' }).format(new Date('2030-06-04T16:30:00.000Z'));
    expect(latest).toMatchObject({ Title: 'Votre demande pour Tarte a été acceptée', Body: `Dana Donor a accepté votre demande pour Tarte. Retrait : ${when}.` });
    expect(when).toContain('juin 2030');
  });

  it('keeps telling someone without a chosen language in English', async () => {
    const foodId = (await call(t.app, 'POST', '/api/foods', requester, foodBody({ FoodName: 'Soup' }))).json().insertedId;
    await call(t.app, 'POST', '/api/requests', donor, { FoodId: foodId, AdditionalNotes: '' });
    const mail = await waitForMail(t.inbox, (m) => recipient(m) === requester.email && /Soup/.test(m.subject ?? ''));
    expect(mail.subject).toBe('New request for Soup');
    expect(mail.text).toContain('Hello Rita Requester,');
  });

  it('renders pages in the negotiated language: cookie, then account, then Accept-Language', async () => {
    const page = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/available-foods', headers })).body;
    const french = await page({ 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(french).toMatch(/<html lang="fr" dir="ltr"/);
    expect(french).toContain('<meta property="og:locale" content="fr_FR" />');
    expect(french).toContain('Plateful est une application de partage alimentaire');
    const arabic = await page({ cookie: 'lang=ar', 'accept-language': 'fr' });
    expect(arabic).toMatch(/<html lang="ar" dir="rtl"/);
    expect(arabic).toContain('content="ar_AR"');
    // The German donor, signed in without a cookie of their choice: their account's language.
    expect(await page({ cookie: donor.cookie, 'accept-language': 'es' })).toMatch(/<html lang="de"/);
    expect(await page({ 'accept-language': 'pt-BR' })).toMatch(/<html lang="en" dir="ltr"/);
  });

  it('gives an Arabic visitor a right-to-left preview: page, card image and words', async () => {
    const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Bread' }))).json().insertedId;
    const page = await t.app.inject({ method: 'GET', url: `/food/${foodId}`, headers: { 'accept-language': 'ar' } });
    expect(page.headers.vary).toContain('Accept-Language');
    expect(page.body).toMatch(/<html lang="ar" dir="rtl"/);
    expect(page.body).toContain(`<meta property="og:image" content="http://plateful.test/api/previews/foods/${foodId}?lang=ar" />`);
    expect(page.body).toContain('شاركه Dana Donor على Plateful.');
    const arabic = await t.app.inject({ method: 'GET', url: `/api/previews/foods/${foodId}?lang=ar` });
    const english = await t.app.inject({ method: 'GET', url: `/api/previews/foods/${foodId}` });
    expect(arabic.headers['content-type']).toBe('image/jpeg');
    expect(arabic.rawPayload.equals(english.rawPayload)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/previews/site?lang=xx' })).statusCode).toBe(200);
  });
});
