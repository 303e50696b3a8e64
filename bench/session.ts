/** What the API benchmarks and the profile share: a signed-in person and a listing to read. */
import pg from 'pg';
import { BENCH_DATABASE_URL } from './lib.js';

/** A session cookie of a new person on the server at `port` (email + password sign-up). */
export async function sessionCookie(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ name: 'Bench Reader', email: `bench-${Date.now()}@example.org`, password: 'bench-password-1' }),
  });
  if (!res.ok) throw new Error(`sign-up for the signed-in rows failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** The id of one listing of the fixture that is still available. */
export async function availableFoodId(): Promise<string> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  const { rows } = await client.query(`select id from foods where expires_on >= current_date order by id limit 1`);
  await client.end();
  return rows[0].id;
}
