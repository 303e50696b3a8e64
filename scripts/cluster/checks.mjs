// The cluster test's checks before the rolling upgrade (run.mjs runs them in order): the
// core loop through nginx, then what must cross hosts (a cached list, an ended session, a
// notification), then the loss of one host. Each throws on failure and returns its figures.
import { randomBytes } from 'node:crypto';
import { direct, events } from './client.mjs';

const PASSWORD = 'cluster test password 42';
let counter = 0;

/** Fails the run with `message` unless `ok`. */
export function check(ok, message) {
  if (!ok) throw new Error(`check failed: ${message}`);
}

const cookieOf = (setCookie) =>
  [setCookie ?? []].flat().map((c) => c.split(';')[0]).filter((p) => !p.endsWith('=')).join('; ');

/** Signs a new person up through nginx; returns { name, email, cookie }. */
export async function signUp(h2, name) {
  const email = `cluster${++counter}.${randomBytes(3).toString('hex')}@example.org`;
  const res = await h2.request('POST', '/api/auth/sign-up/email', { body: { name, email, password: PASSWORD } });
  check(res.status === 200, `sign-up answered ${res.status} ${res.text}`);
  return { name, email, cookie: cookieOf(res.headers['set-cookie']) };
}

/** A listing body expiring in a week. */
export function food(name) {
  const d = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  return { FoodName: name, FoodImage: 'https://images.example.org/a.jpg', FoodQuantity: 3, PickupLocation: '1 Bridge Street', ExpiredDateTime: d, AdditionalNotes: 'From the cluster test.' };
}

/** Waits until `probe()` is truthy; resolves with the ms it took; rejects after `ms`. */
async function within(ms, probe) {
  const start = performance.now();
  while (performance.now() - start < ms) {
    if (await probe()) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not within ${ms} ms`);
}

/** The core loop through nginx over HTTP/2: sign up, list, request, accept. */
export async function coreLoop(h2) {
  const donor = await signUp(h2, 'Core Donor');
  const taker = await signUp(h2, 'Core Taker');
  const made = await h2.request('POST', '/api/foods', { cookie: donor.cookie, body: food('Core loop loaves') });
  check(made.status === 201, `create listing: ${made.status} ${made.text}`);
  const foodId = made.json().insertedId;
  const list = await h2.request('GET', '/api/foods?sortByDate=dec&limit=5');
  check(list.status === 200 && list.text.includes(foodId), 'the new listing is in the list');
  const asked = await h2.request('POST', '/api/requests', { cookie: taker.cookie, body: { FoodId: foodId } });
  check(asked.status === 201, `request: ${asked.status} ${asked.text}`);
  const accepted = await h2.request('PATCH', `/api/requests/${asked.json().insertedId}`, { cookie: donor.cookie, body: { Status: 'Accepted' } });
  check(accepted.status === 200, `accept: ${accepted.status} ${accepted.text}`);
  return { donor, taker, foodId };
}

/** A listing written through host a is in host b's cached list within 1 s. */
export async function cachedListAcrossHosts(h2) {
  const donor = await signUp(h2, 'Cache Donor');
  const listPath = '/api/foods?sortByDate=dec&limit=5';
  await direct('b', 'GET', listPath);
  const warm = await direct('b', 'GET', listPath);
  check(warm.status === 200, 'b lists');
  const made = await direct('a', 'POST', '/api/foods', { cookie: donor.cookie, body: food('Cross-host cabbages') });
  check(made.status === 201, `create on a: ${made.status} ${made.text}`);
  const id = made.json().insertedId;
  const ms = await within(1000, async () => (await direct('b', 'GET', listPath)).text.includes(id));
  return { listOnB_ms: Math.round(ms) };
}

/** A session ended on host a ends its event streams held on b and c within 1 s. */
export async function sessionEndAcrossHosts(h2) {
  const person = await signUp(h2, 'Ending Person');
  const streams = [events('b', person.cookie), events('c', person.cookie)];
  try {
    for (const s of streams) await s.next((e) => e.event === 'unread');
    const start = performance.now();
    const signedOut = await direct('a', 'POST', '/api/auth/sign-out', { cookie: person.cookie, body: {} });
    check(signedOut.status === 200, `sign-out on a: ${signedOut.status} ${signedOut.text}`);
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'closed', 1000)));
    // From the sign-out request to the later of the two `closed` events.
    return { streamsEnded_ms: Math.round(Math.max(...streams.map((s) => s.events.find((e) => e.event === 'closed').at)) - start) };
  } finally {
    streams.forEach((s) => s.close());
  }
}

/** A request made through nginx notifies its donor on a stream held on host c. */
export async function notificationToHostC(h2) {
  const donor = await signUp(h2, 'Notified Donor');
  const taker = await signUp(h2, 'Asking Taker');
  const stream = events('c', donor.cookie);
  try {
    await stream.next((e) => e.event === 'unread');
    const made = await h2.request('POST', '/api/foods', { cookie: donor.cookie, body: food('Notified nectarines') });
    const start = performance.now();
    const asked = await h2.request('POST', '/api/requests', { cookie: taker.cookie, body: { FoodId: made.json().insertedId } });
    check(asked.status === 201, `request: ${asked.status}`);
    await stream.next((e) => e.event === 'notification', 2000);
    return { notificationOnC_ms: Math.round(performance.now() - start) };
  } finally {
    stream.close();
  }
}

/**
 * Writes through nginx while host b is killed (SIGKILL by `kill()`): every acknowledged
 * write is stored (read back through a and c), and after the kill the others answer.
 */
export async function killOneHost(h2, kill) {
  const writers = await Promise.all([0, 1, 2].map((i) => signUp(h2, `Kill Writer ${i}`)));
  const acknowledged = [];
  let failedBefore = 0;
  let failedAfter = 0;
  let killedAt = Infinity;
  let stop = false;
  const load = writers.map(async (w, i) => {
    for (let n = 0; !stop && n < 25; n++) {
      const started = performance.now();
      const res = await h2.request('POST', '/api/foods', { cookie: w.cookie, body: food(`Kill ${i}-${n}`) }).catch(() => ({ status: 0 }));
      if (res.status === 201) acknowledged.push(res.json().insertedId);
      else if (started > killedAt + 1000) failedAfter++;
      else failedBefore++;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  await new Promise((r) => setTimeout(r, 700));
  killedAt = performance.now();
  await kill();
  await new Promise((r) => setTimeout(r, 2000));
  let reads = 0;
  for (const host of ['a', 'c']) reads += (await direct(host, 'GET', '/api/foods?sortByDate=dec&limit=1')).status === 200 ? 1 : 0;
  stop = true;
  await Promise.all(load);
  let missing = 0;
  for (const id of acknowledged) missing += (await h2.request('GET', `/api/foods/${id}`)).status === 200 ? 0 : 1;
  check(reads === 2, 'a and c answer after b was killed');
  check(missing === 0, `${missing} acknowledged writes missing`);
  check(failedAfter === 0, `${failedAfter} writes failed more than 1 s after the kill`);
  return { acknowledgedWrites: acknowledged.length, lostWrites: missing, failedAtTheKill: failedBefore, failedAfterTheKill: failedAfter };
}
