// Hostile input (contract LIMITS): search text is matched
// literally, odd bodies are refused with problem documents that change nothing,
// bodies over 64 KiB get 413.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../../src/server/app.js';
import { BACKENDS, call, foodBody, signUp, signUpWith, startApp, type Person, type TestApp } from '../harness.js';

describe.each(BACKENDS)('hostile input on %s', (backend) => {
  let t: TestApp;
  let user: Person;
  const NAMES = ['Plain Rice', '100% Juice', 'snake_case Soup', 'Back\\slash Bread', 'Dot.Star Pie', '[Bracket] Beans', 'Caret^Dollar$ Cake', "O'Brien Oats", '(Paren) Pasta|Pipe'];

  beforeAll(async () => {
    t = await startApp(backend);
    user = await signUp(t.app, 'Ivy Input');
    for (const FoodName of NAMES) expect((await call(t.app, 'POST', '/api/foods', user, foodBody({ FoodName }))).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const search = async (text: string) => {
    const res = await call(t.app, 'GET', `/api/foods?sortByDate=dec&search=${encodeURIComponent(text)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { FoodName: string }[]).map((f) => f.FoodName).sort();
  };
  const fingerprint = async () => {
    const r = await t.app.db.execute(sql`select count(*)::int as n, md5(coalesce(string_agg(f::text, '|' order by id), '')) as h from foods f`);
    return JSON.stringify((r as unknown as { rows: unknown[] }).rows);
  };
  const expectProblem = (res: { statusCode: number; headers: Record<string, unknown>; body: string }, statuses: number[]) => {
    expect(statuses, res.body).toContain(res.statusCode);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ status: res.statusCode, title: expect.any(String), detail: expect.any(String) });
    expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|SELECT |INSERT /i);
  };

  // Searches with 3 letters or digits in a row match literally (shorter ones match word starts: foods.test.ts).
  it.each([
    ['100%', ['100% Juice']],
    ['Juice%', []],
    ['snake_case', ['snake_case Soup']],
    ['Plain_Rice', []],
    ['Back\\slash', ['Back\\slash Bread']],
    ['Dot.*', []],
    ['t.Star', ['Dot.Star Pie']],
    ['[Bracket]', ['[Bracket] Beans']],
    ['Caret^', ['Caret^Dollar$ Cake']],
    ['Dollar$', ['Caret^Dollar$ Cake']],
    ["O'Brien", ["O'Brien Oats"]],
    ['(Paren) Pasta|', ['(Paren) Pasta|Pipe']],
    ['Pasta|', ['(Paren) Pasta|Pipe']],
    ['%Pie%', []],
  ])('search %j matches itself only', async (text, want) => {
    expect(await search(text)).toEqual([...want].sort());
  });

  it('refuses a text/plain body to POST /api/foods with a 400/415 problem', async () => {
    const before = await fingerprint();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/foods',
      headers: { cookie: user.cookie, 'content-type': 'text/plain' },
      payload: JSON.stringify(foodBody()),
    });
    expectProblem(res, [400, 415]);
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      const r = await t.app.inject({ method: 'POST', url: '/api/foods', headers: { cookie: user.cookie, 'content-type': type }, payload: 'FoodName=x' });
      expectProblem(r, [400, 415]);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('refuses unknown fields, malformed JSON, prototype pollution and empty bodies with 400', async () => {
    const before = await fingerprint();
    expectProblem(await call(t.app, 'POST', '/api/foods', user, { ...foodBody(), isAdmin: true }), [400]);
    expectProblem(await call(t.app, 'POST', '/api/requests', user, { FoodId: '00000000-0000-4000-8000-000000000000', Role: 'admin' }), [400]);
    expectProblem(await call(t.app, 'POST', '/api/jwt', user, { email: user.email, admin: true }), [400]);
    // Found by the fuzzer: a non-date expiry used to crash the date refinement (500).
    for (const ExpiredDateTime of ['garbage', '~K%&!`Q[p@', '', 20250101, null]) {
      expectProblem(await call(t.app, 'POST', '/api/foods', user, foodBody({ ExpiredDateTime })), [400]);
    }
    const raw = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/foods', headers: { cookie: user.cookie, 'content-type': 'application/json' }, payload });
    for (const payload of ['{"FoodName": "x",', '{bad json}', '', 'null', '[]', '"text"', '{"__proto__": {"polluted": 1}}', '{"constructor": {"prototype": {"polluted": 1}}}']) {
      expectProblem(await raw(payload), [400]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await fingerprint()).toBe(before);
  });

  it('refuses NUL characters (which PostgreSQL cannot store) with 400, not 500', async () => {
    // Found by the fuzzer: U+0000 in text reached the database and failed there (500).
    const before = await fingerprint();
    expectProblem(await call(t.app, 'GET', '/api/foods?sortByDate=dec&search=%00'), [400]);
    for (const field of ['FoodName', 'FoodImage', 'PickupLocation', 'AdditionalNotes']) {
      const value = field === 'FoodImage' ? 'https://img.example.org/a\u0000b.png' : 'a\u0000b';
      expectProblem(await call(t.app, 'POST', '/api/foods', user, foodBody({ [field]: value })), [400]);
    }
    const foodId = (await call(t.app, 'GET', '/api/foods?sortByDate=dec&search=Rice')).json()[0]._id;
    const other = await signUp(t.app, 'Nat Nul');
    expectProblem(await call(t.app, 'POST', '/api/requests', other, { FoodId: foodId, DonationMoney: '5\u0000' }), [400]);
    const auth = (url: string, payload: object, cookie?: string) =>
      t.app.inject({ method: 'POST', url, headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) }, payload });
    expectProblem(await auth('/api/auth/sign-up/email', { name: 'a\u0000', email: 'nul@example.org', password: 'correct-horse-1' }), [400]);
    expectProblem(await auth('/api/auth/sign-in/email', { email: 'n\u0000@example.org', password: 'correct-horse-1' }), [400]);
    expectProblem(await auth('/api/auth/update-user', { name: 'a\u0000b' }, user.cookie), [400]);
    expect(await fingerprint()).toBe(before);
  });

  it('refuses bodies over 64 KiB with a 413 problem', async () => {
    expect(BODY_LIMIT).toBe(64 * 1024);
    const before = await fingerprint();
    const res = await call(t.app, 'POST', '/api/foods', user, foodBody({ AdditionalNotes: 'x'.repeat(BODY_LIMIT) }));
    expectProblem(res, [413]);
    const auth = await signUpWith(t.app, { name: 'x'.repeat(BODY_LIMIT), email: 'big@example.org', password: 'correct-horse-1' });
    expect(auth.statusCode).toBe(413);
    // Just under the limit the contract's own limits answer instead.
    expectProblem(await call(t.app, 'POST', '/api/foods', user, foodBody({ AdditionalNotes: 'x'.repeat(BODY_LIMIT - 1000) })), [400]);
    expect(await fingerprint()).toBe(before);
  });

  it('refuses malformed ids and over-long queries with 400', async () => {
    for (const id of ['1', 'not-a-uuid', "' or 1=1 --", '%00', '..%2F..%2Fetc%2Fpasswd']) {
      expectProblem(await call(t.app, 'GET', `/api/foods/${id}`), [400, 404]);
      expectProblem(await call(t.app, 'DELETE', `/api/foods/${id}`, user), [400, 404]);
    }
    // Found by the fuzzer: an id over Fastify's maxParamLength got Fastify's own JSON, echoing the URL.
    const long = await call(t.app, 'GET', `/api/requests/${'x'.repeat(2000)}`, user);
    expectProblem(long, [414]);
    expect(long.body).not.toContain('xxxxxxxxxx');
    expectProblem(await call(t.app, 'GET', `/api/foods?search=${'a'.repeat(500)}`), [400]);
    expectProblem(await call(t.app, 'GET', '/api/foods?limit=-1'), [400]);
    expectProblem(await call(t.app, 'GET', '/api/foods?sortByDate=sideways'), [400]);
  });
});
