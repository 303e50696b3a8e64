/**
 * Helpers of the trust and safety API tests: a moderator named by ADMIN_EMAILS, verified
 * accounts (as a clicked verification link leaves them), listings and delivered
 * requests made through the API.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { users } from '../../../src/server/db/schema/index.js';
import { call, cookieHeader, foodBody, PASSWORD, signInAgain, signUp, signUpWith, type Person } from '../harness.js';

/** The address ADMIN_EMAILS names in these tests. */
export const MODERATOR_EMAIL = 'moderator@plateful.test';
export const SAFETY_ENV = { ADMIN_EMAILS: `Someone@else.test, ${MODERATOR_EMAIL.toUpperCase()}` };

/** Signs up `email` with the harness password; returns the person with their session. */
export async function signUpAs(app: FastifyInstance, name: string, email: string): Promise<Person & { id: string }> {
  const image = 'https://images.example.org/m.png';
  const res = await signUpWith(app, { name, email, password: PASSWORD, image });
  expect(res.statusCode, res.body).toBe(200);
  return { name, email, image, cookie: cookieHeader(res), id: res.json().user.id };
}

/**
 * The ADMIN_EMAILS moderator: signed up with `MODERATOR_EMAIL`, the address verified (as
 * its mailed link would), then signed in again, which grants the role; returns that session.
 */
export async function signUpModerator(app: FastifyInstance, name: string): Promise<Person & { id: string }> {
  const p = await signUpAs(app, name, MODERATOR_EMAIL);
  await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, p.id));
  return { ...(await signInAgain(app, p)), id: p.id };
}

/** A new account with its id; `verified` marks the address verified, as its mailed link would. */
export async function person(app: FastifyInstance, name: string, verified = false): Promise<Person & { id: string }> {
  const p = await signUp(app, name);
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, p.email));
  if (verified) await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, row!.id));
  return { ...p, id: row!.id };
}

/** A listing by `donor`; returns its id. */
export async function listing(app: FastifyInstance, donor: Person, name = 'Fresh Apples'): Promise<string> {
  const res = await call(app, 'POST', '/api/foods', donor, foodBody({ FoodName: name }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId;
}

/** A request by `requester` for `foodId`; returns its id. */
export async function request(app: FastifyInstance, requester: Person, foodId: string): Promise<string> {
  const res = await call(app, 'POST', '/api/requests', requester, { FoodId: foodId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId;
}

/** A delivered hand-over between `donor` and `requester` (accepted, then delivered); returns the request id. */
export async function delivered(app: FastifyInstance, donor: Person, requester: Person, name = 'Bread'): Promise<string> {
  const id = await request(app, requester, await listing(app, donor, name));
  const accepted = await call(app, 'PATCH', `/api/requests/${id}`, donor, { Status: 'Accepted' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const res = await call(app, 'PATCH', `/api/requests/${id}`, donor, { Status: 'Delivered' });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

/** The names of the public lists' listings as `who` sees them: featured, by date, and a search for `search`. */
export async function publicNames(app: FastifyInstance, who: Person | null, search: string): Promise<string[][]> {
  const urls = ['/api/foods?sortByQuantity=true&limit=6', '/api/foods?sortByDate=dec', `/api/foods?sortByDate=acc&search=${encodeURIComponent(search)}`];
  const out: string[][] = [];
  for (const url of urls) {
    const res = await call(app, 'GET', url, who);
    expect(res.statusCode, res.body).toBe(200);
    out.push((res.json() as { FoodName: string }[]).map((f) => f.FoodName));
  }
  return out;
}

/**
 * Every moderation route answers `who` (null: anonymous) the 404 of an unknown path, bad bodies
 * included, so the area is not advertised; `foodId` is a listing a moderator could hide.
 */
export async function expectNoModeration(app: FastifyInstance, who: Person | null, foodId: string): Promise<void> {
  for (const [method, url, body] of [
    ['GET', '/api/moderation/reports', undefined],
    ['GET', '/api/moderation/log', undefined],
    ['POST', '/api/moderation/actions', { Action: 'Hide', TargetType: 'food', TargetId: foodId, Reason: 'x' }],
    ['POST', '/api/moderation/actions', { nonsense: true }],
  ] as const) {
    const res = await call(app, method, url, who, body);
    expect(res.statusCode, `${method} ${url} as ${who?.name ?? 'anonymous'}`).toBe(404);
    expect(res.json().detail).toBe(`No route for ${method} ${url}.`);
  }
}
