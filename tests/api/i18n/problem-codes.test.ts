// Problems carry a stable machine `code` beside their English `detail` (docs/api.md "Errors"),
// so every client can say them in its own language: per status, per invalid field, and per
// meaning where one status has several.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

describe.each(BACKENDS)('problem codes on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let requester: Person;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rita Requester');
  });
  afterAll(() => t?.close());

  it('names the status of a generic problem', async () => {
    expect((await call(t.app, 'GET', '/api/no-such-route')).json()).toMatchObject({ status: 404, code: 'not_found' });
    expect((await call(t.app, 'GET', '/api/account/sessions')).json()).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('names each invalid field with the validator’s code', async () => {
    const res = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodQuantity: 0, FoodName: '' }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'FoodQuantity', code: 'too_small' }), expect.objectContaining({ field: 'FoodName', code: 'too_small' })]));
  });

  it('tells apart the conflicts of a request', async () => {
    const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody())).json().insertedId;
    const own = await call(t.app, 'POST', '/api/requests', donor, { FoodId: foodId, AdditionalNotes: '' });
    expect(own.json()).toMatchObject({ status: 409, code: 'own_food', detail: 'You cannot request your own food.' });
    expect((await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId, AdditionalNotes: '' })).statusCode).toBe(201);
    const again = await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId, AdditionalNotes: '' });
    expect(again.json()).toMatchObject({ status: 409, code: 'already_requested' });
  });
});
