// One live event stream per browser: eight signed-in tabs of one person share one
// /api/events connection (Web Locks elect the holder, BroadcastChannel relays), so each
// tab's own API calls still answer at once, a message reaches all eight, and when the
// holding tab closes another takes the stream over.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { listFood, newPerson, signInAs } from './support/world.js';

test.setTimeout(120_000);

/**
 * `/api/events` requests of `context`: those live (started, not yet finished or failed, their tab still
 * open: a closed tab's request reports neither) and all ever started.
 */
function countStreams(context: BrowserContext): { open: () => number; started: () => number } {
  const live = new Map<object, Page>();
  let started = 0;
  context.on('request', (r) => {
    if (new URL(r.url()).pathname !== '/api/events') return;
    live.set(r, r.frame().page());
    started += 1;
  });
  context.on('page', (page) =>
    page.on('close', () => {
      for (const [r, p] of live) if (p === page) live.delete(r);
    }),
  );
  const done = (r: object) => live.delete(r);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  return { open: () => live.size, started: () => started };
}

const bell = (page: Page) => page.getByRole('link', { name: /^Notifications, \d+ unread$/ });

test('eight tabs of one person share one live stream, stay responsive, and all get a message', async ({ browser }) => {
  const donor = await newPerson('Tara Tabs');
  const requester = await newPerson('Tim Tabs');
  const foodId = await listFood(donor.api, { FoodName: `Tab Tomatoes ${Date.now().toString(36)}` });
  const asked = await requester.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: '' } });
  expect(asked.ok()).toBe(true);
  const requestId = ((await asked.json()) as { insertedId: string }).insertedId;

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const streams = countStreams(context);
  const tabs: Page[] = [];
  for (let i = 0; i < 8; i += 1) {
    const page = await context.newPage();
    if (i === 0) await signInAs(page, requester);
    await page.goto(i % 2 ? '/my-food-request' : '/');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
    tabs.push(page);
  }
  await expect.poll(() => streams.open(), { timeout: 5_000 }).toBe(1);

  // Every tab's own data call, all eight at once, answers within 1 s while all eight are open.
  const times = await Promise.all(
    tabs.map((page) =>
      page.evaluate(async () => {
        const began = performance.now();
        const res = await fetch('/api/notifications/unread-count', { credentials: 'include' });
        await res.json();
        return performance.now() - began;
      }),
    ),
  );
  test.info().annotations.push({ type: 'slowest data call, ms', description: Math.round(Math.max(...times)).toString() });
  for (const ms of times) expect(ms).toBeLessThan(1000);

  // A message from the donor reaches all eight tabs' bells.
  const say = async (Body: string) => expect((await donor.api.post(`/api/requests/${requestId}/messages`, { data: { Body } })).ok()).toBe(true);
  await say('They are on the porch.');
  for (const page of tabs) await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // The holding tab closes: another takes the stream over within 2 s, and the next notification still reaches every tab.
  const before = streams.started();
  const closedAt = Date.now();
  await tabs[0]!.close();
  const rest = tabs.slice(1);
  // A new stream starts (the takeover) within 2 s, and it is the only one open.
  await expect.poll(() => streams.started(), { timeout: 2_000, intervals: [50] }).toBe(before + 1);
  test.info().annotations.push({ type: 'takeover, ms', description: (Date.now() - closedAt).toString() });
  await expect.poll(() => streams.open(), { timeout: 2_000 }).toBe(1);
  expect((await donor.api.patch(`/api/requests/${requestId}`, { data: { Status: 'Accepted' } })).ok()).toBe(true);
  for (const page of rest) await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await context.close();
  await donor.api.dispose();
  await requester.api.dispose();
});

test('without Web Locks (an insecure context) each tab keeps its own stream and still gets every event', async ({ browser }) => {
  const donor = await newPerson('Fay Fallback');
  const requester = await newPerson('Fin Fallback');
  const foodId = await listFood(donor.api, { FoodName: `Fallback Figs ${Date.now().toString(36)}` });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Web Locks exist in secure contexts only (an http:// address other than localhost has none).
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined }));
  const streams = countStreams(context);
  const tabs: Page[] = [];
  for (let i = 0; i < 2; i += 1) {
    const page = await context.newPage();
    if (i === 0) await signInAs(page, requester);
    await page.goto('/');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
    tabs.push(page);
  }
  await expect.poll(() => streams.open(), { timeout: 5_000 }).toBe(2);
  const asked = await requester.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: '' } });
  const requestId = ((await asked.json()) as { insertedId: string }).insertedId;
  expect((await donor.api.patch(`/api/requests/${requestId}`, { data: { Status: 'Accepted' } })).ok()).toBe(true);
  for (const page of tabs) await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await context.close();
  await donor.api.dispose();
  await requester.api.dispose();
});
