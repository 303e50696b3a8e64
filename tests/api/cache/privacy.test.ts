// What caches on the way are told (RFC 9111): answers that depend on the session are
// private and never stored by a shared cache; public answers vary on the credentials
// that would have made them private; nobody learns from a header that an address was
// fetched lately.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateCacheControl } from '../../../src/server/http/private-answers.js';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

describe('private Cache-Control of a session-dependent answer', () => {
  it('keeps revalidation where the route asked for it and forbids storing otherwise', () => {
    expect(privateCacheControl(undefined)).toBe('private, no-store');
    expect(privateCacheControl('no-store')).toBe('private, no-store');
    expect(privateCacheControl('no-cache')).toBe('private, no-cache');
    expect(privateCacheControl('no-cache, no-transform')).toBe('private, no-cache, no-transform');
  });
});

describe.each(BACKENDS)('cache headers on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let foodId: string;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Cora Cache');
    foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Private Pears' }))).json().insertedId;
  });
  afterAll(() => t.close());

  const signedInReads = () => [
    '/api/foods?sortByDate=dec',
    '/api/foods?sortByQuantity=true&limit=6',
    `/api/foods/${foodId}`,
    `/api/foods?email=${encodeURIComponent(donor.email)}`,
    `/api/requests?email=${encodeURIComponent(donor.email)}`,
    `/api/requests/${foodId}`,
  ];

  it('marks every signed-in list and detail private, revalidated with a private ETag, varying on Cookie', async () => {
    for (const url of signedInReads()) {
      const res = await call(t.app, 'GET', url, donor);
      expect(res.statusCode, url).toBe(200);
      const cc = String(res.headers['cache-control']).split(',').map((d) => d.trim());
      expect(cc, url).toContain('private');
      expect(cc, url).toContain('no-cache');
      expect(res.headers.etag, url).toMatch(/^"[\w-]+"$/);
      expect(String(res.headers.vary), url).toMatch(/\bCookie\b/i);
    }
  });

  it('lets public answers vary on the credentials and sends no hit header by default', async () => {
    const url = '/api/foods?sortByDate=dec';
    await call(t.app, 'GET', url);
    const again = await call(t.app, 'GET', url);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBeUndefined();
    expect(String(again.headers['cache-control'])).not.toMatch(/private/);
    expect(String(again.headers.vary)).toMatch(/\bCookie\b/i);
    expect(String(again.headers.vary)).toMatch(/\bAuthorization\b/i);
    const signedIn = await call(t.app, 'GET', url, donor);
    expect(signedIn.headers['x-cache']).toBeUndefined();
  });
});
