// GET /api/metrics: absent (404) without METRICS_TOKEN; with it, a bearer token is required
// (401 otherwise), and the Prometheus text counts requests by route pattern and status class,
// times them, and reports the pool (PostgreSQL), the outbox depth, the open event streams and
// the process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../../src/server/outbox/outbox.js';
import { BACKENDS, call, foodBody, signUp, startApp, streamingApp, type StreamingApp, type TestApp } from '../harness.js';

const TOKEN = 'metrics-token-metrics-token-0123456789';
const scrape = (t: TestApp, authorization = `Bearer ${TOKEN}`) =>
  t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization } });

/** The value of the sample `name{labels}` in `text`, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2] ? m[2].split(',') : [];
    if (want.every((l) => have.includes(l))) return Number(m[3]);
  }
  return undefined;
}

describe('metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  });
  afterAll(() => t.close());

  it('answers 404, as for any unknown path', async () => {
    const res = await scrape(t);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('process_cpu');
  });
});

describe.each(BACKENDS)('metrics on %s', (backend) => {
  let t: StreamingApp;
  beforeAll(async () => {
    t = await streamingApp(backend, { METRICS_TOKEN: TOKEN, NEW_REQUEST_MAIL_DELAY_MS: '0' });
  });
  afterAll(() => t.close());

  it('refuses a missing or wrong token with a 401 problem naming the Bearer scheme', async () => {
    for (const authorization of ['', 'Bearer wrong-token', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(t, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).not.toContain('plateful_');
    }
  });

  it('counts and times requests by route pattern and status class, uncached, with process metrics', async () => {
    const donor = await signUp(t.app, 'Mo Metrics');
    const id = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Plums' }))).json().insertedId as string;
    for (let i = 0; i < 3; i += 1) expect((await call(t.app, 'GET', `/api/foods/${id}`, donor)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);

    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toMatch(/\bno-store\b/);
    const text = res.body;
    const byId = { method: 'GET', route: '/api/foods/:id', status: '2xx' };
    expect(sample(text, 'plateful_http_requests_total', byId)).toBe(3);
    expect(sample(text, 'plateful_http_request_duration_seconds_count', byId)).toBe(3);
    expect(sample(text, 'plateful_http_request_duration_seconds_bucket', { ...byId, le: '+Inf' })).toBe(3);
    expect(sample(text, 'plateful_http_requests_total', { method: 'POST', route: '/api/foods', status: '2xx' })).toBe(1);
    expect(sample(text, 'plateful_http_requests_total', { route: 'unmatched', status: '4xx' })).toBeGreaterThanOrEqual(1);
    // No label carries an id: the routes are patterns.
    expect(text).not.toContain(id);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('reports the pool on PostgreSQL only, and the outbox rows waiting', async () => {
    const before = (await scrape(t)).body;
    if (backend === 'postgres') {
      expect(sample(before, 'plateful_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(before, 'plateful_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(before, 'plateful_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(before).not.toContain('plateful_db_pool_connections');
    }
    expect(sample(before, 'plateful_outbox_rows', { state: 'pending' })).toBeGreaterThanOrEqual(0);
    // The mails of the tests above are due now: the worker sends them, then the count holds still.
    const pendingNow = async () => sample((await scrape(t)).body, 'plateful_outbox_rows', { state: 'pending' });
    await expect.poll(pendingNow, { timeout: 10_000 }).toBe(0);
    // Two mails due in an hour wait in the outbox.
    for (const to of ['a@example.org', 'b@example.org']) await enqueueMail(t.app.db, { to, subject: 'Later', text: 'Later' }, { delayMs: 3_600_000 });
    const after = (await scrape(t)).body;
    expect(sample(after, 'plateful_outbox_rows', { state: 'pending' })).toBe(2);
    expect(sample(after, 'plateful_outbox_rows', { state: 'failed' })).toBe(0);
  });

  it('counts the open event streams of this process', async () => {
    const reader = await signUp(t.app, 'Sam Streams');
    const open = async () => sample((await scrape(t)).body, 'plateful_event_streams_open');
    expect(await open()).toBe(0);
    const a = await t.open(reader);
    const b = await t.open(reader);
    expect(await open()).toBe(2);
    a.close();
    b.close();
    await expect.poll(open, { timeout: 2000 }).toBe(0);
  });
});
