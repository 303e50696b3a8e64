/**
 * The Prometheus metrics of one process (prom-client): requests by route pattern and
 * status class, their latency, the database pool, the outbox and the open event streams,
 * and prom-client's process metrics (CPU, memory, event loop lag, handles, GC).
 * Plumbing: what it reads of features and other plumbing, app.ts hands in (`MetricSources`).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the gauges read at each scrape. */
export interface MetricSources {
  /** Connections of the PostgreSQL pool; undefined on the embedded database (one connection, no pool). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Outbox rows still to send (`pending`) and those given up (`failed`); read from the database. */
  outbox: () => Promise<{ pending: number; failed: number }>;
  /** `/api/events` streams open in this process. */
  openStreams: () => number;
  /** Where a failed read of a source is reported (the scrape still answers, that gauge keeps its last value). */
  onError?: (error: Error) => void;
}

/** One process's registry and the request observer the HTTP hook calls. */
export interface Metrics {
  registry: Registry;
  /** Counts one answered request: `method`, `route` (the pattern, e.g. `/api/foods/:id`), `status` code, `seconds` taken. */
  observe(method: string, route: string, status: number, seconds: number): void;
}

/** Latency buckets, seconds: the 100 ms p95 target sits between two of them. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Builds the registry of one app; `sources` feed the gauges at scrape time. */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'plateful_http_requests_total', help: 'Answered HTTP requests by method, route pattern and status class (2xx…5xx).', labelNames, registers: [registry] });
  const latency = new Histogram({ name: 'plateful_http_request_duration_seconds', help: 'Time from request to answer, seconds, by method, route pattern and status class.', labelNames, buckets: BUCKETS, registers: [registry] });

  const report = (error: unknown) => sources.onError?.(error as Error);
  if (sources.pool) {
    const pool = sources.pool;
    new Gauge({
      name: 'plateful_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one (state="waiting").',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const p = pool();
        this.set({ state: 'total' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
      },
    });
  }
  new Gauge({
    name: 'plateful_outbox_rows',
    help: 'Outbox rows (mails and pushes): state="pending" still to send, state="failed" given up.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      try {
        const o = await sources.outbox();
        this.set({ state: 'pending' }, o.pending);
        this.set({ state: 'failed' }, o.failed);
      } catch (error) {
        report(error);
      }
    },
  });
  new Gauge({
    name: 'plateful_event_streams_open',
    help: 'Server-Sent Event streams (/api/events) open in this process.',
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });

  return {
    registry,
    observe(method, route, status, seconds) {
      const labels = { method, route, status: `${Math.floor(status / 100)}xx` };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
  };
}

type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

/** The `pg.Pool` under a Drizzle handle over node-postgres (its `$client`), or undefined (PGlite). */
function poolOf(db: object): PoolCounts | undefined {
  const client = (db as { $client?: { totalCount?: unknown } }).$client;
  return client && typeof client.totalCount === 'number' ? (client as PoolCounts) : undefined;
}

/**
 * The pool reader of Drizzle handles over node-postgres: the connections of their pools
 * together (the same pool once); undefined when none is a pool (PGlite).
 */
export function poolReader(handles: object[]): MetricSources['pool'] {
  const pools = [...new Set(handles.map(poolOf).filter((pool) => pool !== undefined))];
  if (!pools.length) return undefined;
  const sum = (key: keyof PoolCounts) => pools.reduce((n, pool) => n + pool[key], 0);
  return () => ({ total: sum('totalCount'), idle: sum('idleCount'), waiting: sum('waitingCount') });
}
