/**
 * People of the integration tests: Better Auth sign-up and password sign-in through
 * `app.inject`, their session cookies, and JSON API calls as one of them. The
 * raw-answer helpers (`signUpWith`, `signInWith`) return the answer untouched for tests
 * that assert on its status, headers or body; `signUp` and `signInAgain` throw unless
 * it is a 200 and return a {@link Person} with that session's cookie.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addDays, localToday } from '../../src/server/lib/dates.js';

/** The password {@link signUp} gives every account, and {@link signInWith}'s default. */
export const PASSWORD = 'correct-horse-1';

/** Turns Set-Cookie headers into a Cookie request header (name=value pairs). */
export function cookieHeader(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

export interface Person {
  name: string;
  email: string;
  image: string;
  cookie: string;
}

/** Where a request comes from: the client address (light-my-request's default 127.0.0.1) and extra headers. */
export interface From {
  remoteAddress?: string;
  headers?: Record<string, string>;
}

/** `app.inject` options for a JSON POST to `url` with `payload`, sent as `from` says. */
function post(url: string, payload: object, { remoteAddress, headers }: From) {
  return {
    method: 'POST' as const,
    url,
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(headers ? { headers } : {}),
    payload,
  };
}

/**
 * `POST /api/auth/sign-up/email` with `body` as given (name, email, password, and an
 * image unless left out), from `remoteAddress` with `headers`; returns the raw answer.
 */
export function signUpWith(
  app: FastifyInstance,
  { remoteAddress, headers, ...body }: { name: string; email: string; password: string; image?: string } & From,
): Promise<LightMyRequestResponse> {
  return app.inject(post('/api/auth/sign-up/email', body, { remoteAddress, headers }));
}

/**
 * `POST /api/auth/sign-in/email` with `email` and `password` (default {@link PASSWORD}),
 * from `remoteAddress` with `headers`; returns the raw answer (200 with a session cookie,
 * 401 for a wrong password, 429 past a limit).
 */
export function signInWith(
  app: FastifyInstance,
  { email, password = PASSWORD, remoteAddress, headers }: { email: string; password?: string } & From,
): Promise<LightMyRequestResponse> {
  return app.inject(post('/api/auth/sign-in/email', { email, password }, { remoteAddress, headers }));
}

let counter = 0;
/** Signs up a new user with email + password and returns their session cookie. */
export async function signUp(app: FastifyInstance, name = 'Test User'): Promise<Person> {
  counter += 1;
  const email = `user${counter}.${randomBytes(3).toString('hex')}@example.org`;
  const image = `https://images.example.org/${counter}.png`;
  const res = await signUpWith(app, { name, email, password: PASSWORD, image });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { name, email, image, cookie: cookieHeader(res) };
}

/** A second, independent session of `p` (a sign-in from another device or browser): `p` with that session's cookie. */
export async function signInAgain(app: FastifyInstance, p: Person): Promise<Person> {
  const res = await signInWith(app, { email: p.email });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { ...p, cookie: cookieHeader(res) };
}

/**
 * Deletes `p`'s account as the web client does (Better Auth's `POST /api/auth/delete-user`
 * with the password {@link signUp} gave, from the app's own origin); returns the answer.
 */
export function deleteAccount(app: FastifyInstance, p: Person): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/delete-user',
    headers: { cookie: p.cookie, origin: 'http://localhost:3000' },
    payload: { password: PASSWORD },
  });
}

/** Sends a JSON API call, as `who` (or anonymously). */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who?: Person | null,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A valid food body, `days` days from today by default 7; override any field. */
export function foodBody(overrides: Record<string, unknown> = {}, days = 7) {
  return {
    FoodName: 'Fresh Apples',
    FoodImage: 'https://images.example.org/apples.jpg',
    FoodQuantity: 5,
    PickupLocation: '12 Elm Street',
    ExpiredDateTime: addDays(localToday(), days),
    AdditionalNotes: 'Picked this morning.',
    ...overrides,
  };
}
