// The rolling upgrade under load (docs/operations.md "Upgrades"): for each app host in turn,
// mark it down in nginx and reload, stop it (SIGTERM), start the new release (its extra
// migration adds a column; the first new host applies it under the advisory lock), wait
// for /api/ready, mark it up again. Meanwhile ~50 requests/s go through nginx (listings
// read, requests made) and the donor follows their events through nginx; every failed
// request and every notification that never reached the donor's stream is counted.
import { setTimeout as sleep } from 'node:timers/promises';
import { check, food, signUp } from './checks.mjs';
import { events } from './client.mjs';

const RATE = 50;
const WRITE_EVERY = 20; // 1 in 20 requests is a write: 2.5 requests made per second.

/**
 * Runs the upgrade. `hosts.restart(host)` stops a host and starts it on the new release,
 * resolving once ready; `hosts.drain(host | undefined)` rewrites nginx's upstreams with
 * that host down (or none) and reloads. `notificationIds(email)` reads the donor's
 * `request.created` notifications ({ id, createdAt } in ISO 8601) from the database. Returns the figures.
 */
export async function rollingUpgrade(h2, hosts, notificationIds) {
  const donor = await signUp(h2, 'Upgrade Donor');
  const takers = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(h2, `Upgrade Taker ${i}`)));
  const foods = [];
  for (let i = 0; i < 10; i++) {
    const made = await h2.request('POST', '/api/foods', { cookie: donor.cookie, body: food(`Upgrade plums ${i}`) });
    check(made.status === 201, `upgrade listing: ${made.status} ${made.text}`);
    foods.push(made.json().insertedId);
  }
  // Each taker asks for each listing at most once (at most 10 open requests each), takers in turn.
  const pairs = foods.flatMap((f) => takers.map((t) => ({ t, f })));
  const stream = events(h2, donor.cookie);
  await stream.next((e) => e.event === 'unread');

  const figures = { requests: 0, failed: 0, writesAcknowledged: 0, failures: [] };
  let stop = false;
  let n = 0;
  const inFlight = new Set();
  const fire = () => {
    n++;
    const write = n % WRITE_EVERY === 0 && pairs.length > 0;
    const p = (async () => {
      let res;
      if (write) {
        const { t, f } = pairs.shift();
        res = await h2.request('POST', '/api/requests', { cookie: t.cookie, body: { FoodId: f } }).catch((e) => ({ status: 0, text: String(e.code ?? e.message) }));
        if (res.status === 201) figures.writesAcknowledged++;
      } else {
        const path = n % 2 ? '/api/foods?sortByDate=dec&limit=10' : `/api/foods/${foods[n % foods.length]}`;
        res = await h2.request('GET', path).catch((e) => ({ status: 0, text: String(e.code ?? e.message) }));
      }
      figures.requests++;
      if (!(res.status >= 200 && res.status < 300)) {
        figures.failed++;
        if (figures.failures.length < 5) figures.failures.push(`${write ? 'POST' : 'GET'} ${res.status} ${res.text?.slice(0, 120)}`);
      }
    })();
    inFlight.add(p);
    p.finally(() => inFlight.delete(p));
  };
  const started = performance.now();
  const load = (async () => {
    // On a fixed schedule: a slow answer does not lower the rate.
    for (let i = 0; !stop; i++) {
      fire();
      await sleep(Math.max(0, started + ((i + 1) * 1000) / RATE - performance.now()));
    }
  })();

  await sleep(1000);
  for (const host of ['a', 'b', 'c']) {
    await hosts.drain(host);
    await sleep(1500); // nginx's old worker finishes what it holds; new requests avoid the host.
    await hosts.restart(host);
    await hosts.drain(undefined);
    await sleep(1000);
  }
  stop = true;
  await load;
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;

  // Every request.created notification of the donor reached their stream in its last state
  // (repeats from one taker fold into one notification, sent again with each new request).
  const expected = await notificationIds(donor.email);
  const latest = () => {
    const seen = new Map();
    for (const e of stream.events) if (e.event === 'notification') seen.set(e.id, JSON.parse(e.data).CreatedAt);
    return seen;
  };
  const missing = () => expected.filter((n) => latest().get(n.id) !== n.createdAt);
  const until = performance.now() + 3000;
  while (performance.now() < until && missing().length) await sleep(50);
  const lost = missing().length;
  const eventsReceived = stream.events.filter((e) => e.event === 'notification').length;
  stream.close();
  return {
    seconds: Math.round(seconds),
    requestsPerSecond: Math.round(figures.requests / seconds),
    requests: figures.requests,
    failedRequests: figures.failed,
    firstFailures: figures.failures,
    writesAcknowledged: figures.writesAcknowledged,
    notifications: expected.length,
    notificationEventsReceived: eventsReceived,
    lostEvents: lost,
    streamReconnects: stream.reconnects,
  };
}
