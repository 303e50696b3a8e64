/** Helpers of the Wanted posts' API tests: a post body and a post made through the API. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type Person } from '../harness.js';

/** A point in Lyon, where the posts of these tests are. */
export const LYON = { Lat: 45.764, Lng: 4.8357 };

/** A valid `POST /api/wanted` body; override any field. */
export function wantedBody(overrides: Record<string, unknown> = {}) {
  return { Title: 'Baby formula, any brand', Details: 'For a six-month-old.', Location: LYON, RadiusKm: 3, ...overrides };
}

/** A Wanted post by `who`; returns its id. */
export async function post(app: FastifyInstance, who: Person, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call(app, 'POST', '/api/wanted', who, wantedBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId;
}

/** The titles of the open posts `who` (null: anonymous) sees at `url`. */
export async function titles(app: FastifyInstance, who: Person | null, url = '/api/wanted'): Promise<string[]> {
  const res = await call(app, 'GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { Title: string }[]).map((w) => w.Title);
}
