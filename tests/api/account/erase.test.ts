// Account deletion leaves no trace (GDPR Art. 17; src/server/account/erase.ts):
// after a person deletes their account, no row of any table names them: not the
// notifications and queued mails their requests and messages caused for others,
// not the rate-limit counters keyed on their address, not their reset tokens.
// Checked by reading every text and JSON column of every table.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, deleteAccount, foodBody, signInWith, signUp, startApp, type TestApp } from '../harness.js';

const NAME = 'Zebulon Quintero-Vask';
const PHONE = '0151 2345 6789';

describe.each(BACKENDS)('account deletion on %s', (backend) => {
  let t: TestApp;
  // An SMTP server nobody answers: mails stay queued in the outbox.
  beforeAll(async () => (t = await startApp(backend, { SMTP_URL: 'smtp://127.0.0.1:9' })));
  afterAll(() => t?.close());

  /** `table.column` → how many rows hold one of `needles` (case-insensitive), over every text/json column. */
  async function rowsNaming(needles: string[]): Promise<Record<string, number>> {
    const cols = (await t.app.db.execute(sql`
      select table_name as t, column_name as c from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`)) as unknown as { rows: { t: string; c: string }[] };
    const found: Record<string, number> = {};
    for (const { t: table, c: column } of cols.rows) {
      for (const needle of needles) {
        const r = (await t.app.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`,
        )) as unknown as { rows: { n: number }[] };
        if (r.rows[0]!.n) found[`${table}.${column} ~ ${needle}`] = r.rows[0]!.n;
      }
    }
    return found;
  }

  it('removes every row naming the person, in one go', async () => {
    const donor = await signUp(t.app, 'Dora Donor');
    const leaving = await signUp(t.app, NAME);
    const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Plain Rice' }))).json().insertedId;
    const asked = await call(t.app, 'POST', '/api/requests', leaving, { FoodId: foodId, AdditionalNotes: `Call me on ${PHONE}`, DonationMoney: '' });
    expect(asked.statusCode).toBe(201);
    const requestId = asked.json().insertedId;
    expect((await call(t.app, 'POST', `/api/requests/${requestId}/messages`, leaving, { Body: `Or text ${PHONE}` })).statusCode).toBe(201);
    // Counters keyed on the address, and a reset token.
    await signInWith(t.app, { email: leaving.email, password: 'wrong-one', remoteAddress: '198.51.100.9' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: leaving.email, redirectTo: '/reset-password' } })).statusCode).toBe(200);

    const needles = [NAME, leaving.email, PHONE];
    const before = await rowsNaming(needles);
    expect(Object.keys(before).some((k) => k.startsWith('notifications.'))).toBe(true);
    expect(Object.keys(before).some((k) => k.startsWith('limit_counters.'))).toBe(true);

    const gone = await deleteAccount(t.app, leaving);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await rowsNaming(needles)).toEqual({});
    // The donor's own data stays.
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`)).statusCode).toBe(200);
  });
});
