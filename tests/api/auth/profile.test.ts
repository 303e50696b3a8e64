// Profile update (SPEC.md §3 User: displayName, photoURL; DESIGN.md "Identity"):
// POST /api/auth/update-user {name, image}, the profile rules on update and sign-up,
// and new listings taking the updated name and photo.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/contract/index.js';

const NAME_MAX_LENGTH = LIMITS.name;
import { users } from '../../../src/server/db/schema/index.js';
import { BACKENDS, call, foodBody, signUp, signUpWith, startApp, type Person, type TestApp } from '../harness.js';

const ORIGIN = 'http://localhost:3000';

function updateUser(t: TestApp, who: Person, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { cookie: who.cookie, origin: ORIGIN }, payload });
}

/** `cookie` with the cookies of `setCookie` applied, as a browser would keep them. */
function merge(cookie: string, setCookie: string | string[] | undefined): string {
  const jar = new Map(cookie.split('; ').filter(Boolean).map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
  for (const c of ([] as string[]).concat(setCookie ?? [])) {
    const pair = c.split(';')[0]!;
    jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe.each(BACKENDS)('profile on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t?.close());

  it('updates name and photo; the session shows them and new listings carry them', async () => {
    const user = await signUp(t.app, 'Old Name');
    const res = await updateUser(t, user, { name: 'New Name', image: 'http://photos.example.org/new.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });

    const browserCookie = merge(user.cookie, res.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: browserCookie } });
    expect(me.json().user).toMatchObject({ name: 'New Name', image: 'http://photos.example.org/new.jpg' });

    // Even with the cookie from before the update (its cached profile is stale), writes read the user afresh.
    const created = await call(t.app, 'POST', '/api/foods', user, foodBody());
    expect(created.statusCode).toBe(201);
    const food = await call(t.app, 'GET', `/api/foods/${created.json().insertedId}`, user);
    expect(food.json().Donator).toEqual({ Name: 'New Name', Image: 'http://photos.example.org/new.jpg', Email: user.email, _id: expect.any(String) });
  });

  it.each([
    ['a javascript: photo', { image: 'javascript:alert(1)' }, 'Photo URL'],
    ['a photo that is no URL', { image: 'my face' }, 'Photo URL'],
    ['an ftp photo', { image: 'ftp://files.example.org/me.png' }, 'Photo URL'],
    ['a name over the limit', { name: 'x'.repeat(NAME_MAX_LENGTH + 1) }, 'Name'],
    ['a blank name', { name: '   ' }, 'Name'],
    ['a name that is no string', { name: 42 }, 'Name'],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_label, payload, field) => {
    const user = await signUp(t.app, 'Steady Name');
    const res = await updateUser(t, user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PROFILE' });
    expect(res.json().message).toContain(field);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, user.email));
    expect(row).toMatchObject({ name: 'Steady Name', image: user.image });
  });

  it(`accepts a name of exactly ${NAME_MAX_LENGTH} characters`, async () => {
    const user = await signUp(t.app);
    expect((await updateUser(t, user, { name: 'n'.repeat(NAME_MAX_LENGTH) })).statusCode).toBe(200);
  });

  it('applies the same rules at sign-up', async () => {
    const res = await signUpWith(t.app, { name: 'Bad Photo', email: 'bad.photo@example.org', password: 'secret-pass', image: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PROFILE' });
    expect(await t.app.db.select().from(users).where(eq(users.email, 'bad.photo@example.org'))).toHaveLength(0);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', payload: { name: 'Nobody' } });
    expect(res.statusCode).toBe(401);
  });
});
