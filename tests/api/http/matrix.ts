/**
 * The runner of the access control matrix (access-matrix.test.ts): rows of calls, each
 * sent as an anonymous visitor, as the row's owner and as another signed-in user.
 */
import { asc } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { foods, requests, users } from '../../../src/server/db/schema/index.js';
import type { Person } from '../harness.js';

export type Actor = 'anonymous' | 'owner' | 'other';
export const ACTORS: Actor[] = ['anonymous', 'other', 'owner'];

/** A signed-in person of the matrix with their user id. */
export interface Who extends Person {
  id: string;
}

/** The whole content of the foods, requests and users tables, to compare around refused calls. */
export async function tablesSnapshot(app: FastifyInstance): Promise<string> {
  return JSON.stringify([
    await app.db.select().from(foods).orderBy(asc(foods.id)),
    await app.db.select().from(requests).orderBy(asc(requests.id)),
    await app.db.select().from(users).orderBy(asc(users.id)),
  ]);
}

export interface Row {
  /** Method and path as SPEC.md §7 names it, and who "owner" is for this row. */
  label: string;
  expect: Record<Actor, number>;
  /** Prepares fresh rows for one cell and sends the call as `who` (null: anonymous). */
  run(actor: Actor): Promise<LightMyRequestResponse>;
  /** Optional extra check of a cell's answer. */
  check?(actor: Actor, res: LightMyRequestResponse): void;
}

/**
 * Runs every cell of `rows`: asserts a JSON body on each refusal (status >= 400) and runs
 * the row's `check` on each success; prints the matrix for `backend`. Returns one line per
 * failed cell: a status other than the row expects, or a refusal after which `snapshot()`
 * (the database content) differs from `beforeCall()` (that content just before the call).
 */
export async function runMatrix(
  rows: Row[],
  backend: string,
  snapshot: () => Promise<string>,
  beforeCall: () => string,
): Promise<string[]> {
  const table: string[][] = [];
  const failures: string[] = [];
  for (const row of rows) {
    const line = [row.label];
    const cells: Partial<Record<Actor, string>> = {};
    for (const actor of ACTORS) {
      const res = await row.run(actor);
      const want = row.expect[actor];
      let mark = res.statusCode === want ? '' : ` ✗ want ${want}`;
      if (res.statusCode >= 400) {
        expect(res.headers['content-type'], `${row.label} as ${actor}`).toMatch(/json/);
        // Setups add rows; a refusal must leave exactly what the setup left.
        if (beforeCall() !== (await snapshot())) mark += ' ✗ DB changed';
      }
      if (res.statusCode < 400) row.check?.(actor, res);
      if (mark) failures.push(`${row.label} as ${actor}: got ${res.statusCode} ${res.body.slice(0, 200)}${mark}`);
      cells[actor] = `${res.statusCode}${mark}`;
    }
    line.push(cells.anonymous!, cells.owner!, cells.other!);
    table.push(line);
  }
  const width = [Math.max(...table.map((l) => l[0]!.length)), 9, 9, 9];
  const fmt = (l: string[]) => l.map((c, i) => c.padEnd(width[i]!)).join(' | ');
  console.log(
    [`\nAccess control matrix (${backend})`, fmt(['call', 'anonymous', 'owner', 'other']), width.map((w) => '-'.repeat(w)).join('-|-'), ...table.map(fmt)].join(
      '\n',
    ),
  );
  return failures;
}
