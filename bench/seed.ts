/**
 * `npm run seed:bench`: (re)creates the benchmark database (`BENCH_DATABASE_URL`,
 * default `plateful_bench` on the local PostgreSQL), applies Plateful's migrations and
 * loads the 100 000-listing, 20 000-request fixture of `fixture.ts`. Prints its time.
 */
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { BENCH_DATABASE_URL } from './lib.js';
import { SCALE, fixtureStatements } from './fixture.js';

/** Drops and recreates the database of `url`, migrates and seeds it; resolves with the seconds taken. */
export async function seedBenchDatabase(url = BENCH_DATABASE_URL): Promise<number> {
  const started = performance.now();
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();

  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await handle.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const statement of fixtureStatements(SCALE)) await client.query(statement);
  await client.end();
  return (performance.now() - started) / 1000;
}

/** True when the database of `url` already holds the fixture. */
export async function isSeeded(url = BENCH_DATABASE_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query(`select (select count(*) from foods)::int as foods, (select count(*) from requests)::int as requests`);
    return rows[0].foods === SCALE.foods && rows[0].requests === SCALE.requests;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = await seedBenchDatabase();
  console.log(`Seeded ${SCALE.foods} listings and ${SCALE.requests} requests into ${BENCH_DATABASE_URL} in ${seconds.toFixed(1)} s`);
}
