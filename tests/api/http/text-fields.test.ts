// One-line and multi-line text (contract `ONE_LINE_FORBIDDEN`): a name, a
// food name, a pickup location or a donation text with a line break or another
// control character is refused with a 400 naming the field (so a name cannot put
// a forged paragraph into a mail quoting it); notes and messages keep their line breaks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, signUpWith, startApp, type Person, type TestApp } from '../harness.js';

const ORIGIN = { origin: 'http://localhost:3000' };
const BREAKS = ['two\nlines', 'carriage\rreturn', 'tab\there', 'bell\u0007', 'esc\u001b[31m', 'del\u007f', 'c1\u0085next', 'sep\u2028line'];

describe.each(BACKENDS)('control characters in text fields on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let asker: Person;
  let foodId: string;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Lina Line');
    asker = await signUp(t.app, 'Asa Asker');
    const res = await call(t.app, 'POST', '/api/foods', donor, foodBody({ AdditionalNotes: 'Ring twice.\nSide door.\r\n\tThanks' }));
    expect(res.statusCode, res.body).toBe(201);
    foodId = res.json().insertedId;
  });
  afterAll(() => t.close());

  const namesField = (res: { statusCode: number; body: string }, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = JSON.parse(res.body) as { errors?: Array<{ field: string }>; message?: string; detail?: string };
    const named = [...(body.errors ?? []).map((e) => e.field), body.message ?? '', body.detail ?? ''].join(' ');
    expect(named).toContain(field);
  };

  it.each(BREAKS)('refuses %j in one-line listing fields with a 400 naming the field', async (value) => {
    for (const field of ['FoodName', 'PickupLocation']) {
      namesField(await call(t.app, 'POST', '/api/foods', donor, foodBody({ [field]: `Bread ${value}` })), field);
      namesField(await call(t.app, 'PUT', `/api/foods/${foodId}`, donor, foodBody({ [field]: `Bread ${value}` })), field);
    }
    namesField(await call(t.app, 'POST', '/api/requests', asker, { FoodId: foodId, DonationMoney: `5 ${value}` }), 'DonationMoney');
  });

  it.each(BREAKS)('refuses %j in a display name at sign-up and profile update', async (value) => {
    const name = `Eve ${value} SECURITY NOTICE`;
    const signUpRes = await signUpWith(t.app, { name, email: `eve${BREAKS.indexOf(value)}@example.org`, password: 'correct-horse-1', image: 'https://img.example.org/e.png', headers: ORIGIN });
    namesField(signUpRes, 'Name');
    const update = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { ...ORIGIN, cookie: donor.cookie }, payload: { name } });
    namesField(update, 'Name');
  });

  it('keeps line breaks in notes and messages, and refuses other control characters there', async () => {
    const food = await call(t.app, 'GET', `/api/foods/${foodId}`);
    expect(food.json().AdditionalNotes).toBe('Ring twice.\nSide door.\r\n\tThanks');
    const asked = await call(t.app, 'POST', '/api/requests', asker, { FoodId: foodId, AdditionalNotes: 'Hello,\nI can come at 5.' });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().insertedId;
    const mine = await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(asker.email)}`, asker);
    expect(mine.json()[0].AdditionalNotes).toBe('Hello,\nI can come at 5.');
    const sent = await call(t.app, 'POST', `/api/requests/${requestId}/messages`, asker, { Body: 'Line one\nLine two' });
    expect(sent.statusCode, sent.body).toBe(201);
    namesField(await call(t.app, 'POST', `/api/requests/${requestId}/messages`, asker, { Body: 'ring \u0007 bell' }), 'Body');
    namesField(await call(t.app, 'POST', '/api/foods', donor, foodBody({ AdditionalNotes: 'esc \u001b[2J' })), 'AdditionalNotes');
  });
});
