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

/** The id and email of the person signed in with `cookie` on the server at `port`. */
export async function sessionUser(port: number, cookie: string): Promise<{ id: string; email: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/get-session`, { headers: { cookie } });
  return ((await res.json()) as { user: { id: string; email: string } }).user;
}

/** Runs `sql` with `params` on the benchmark database, on a connection of its own; returns its rows. */
export async function benchQuery<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The id of one listing of the fixture that is still available. */
export async function availableFoodId(): Promise<string> {
  const [row] = await benchQuery<{ id: string }>(`select id from foods where expires_on >= current_date order by id limit 1`);
  return row!.id;
}
