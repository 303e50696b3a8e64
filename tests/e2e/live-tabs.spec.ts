// One live event stream per browser: eight signed-in tabs of one person share one
// /api/events connection (Web Locks elect the holder, BroadcastChannel relays), so each
// tab's own API calls still answer at once, a message reaches all eight, and when the
// holding tab closes another takes the stream over.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { listFood, newPerson, signInAs } from './support/world.js';

test.setTimeout(120_000);

/** Live `/api/events` requests of `context` (started and not yet finished or failed). */
function countStreams(context: BrowserContext): { open: () => number } {
  const live = new Set<object>();
  context.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/events') live.add(r);
  });
  const done = (r: object) => live.delete(r);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  return { open: () => live.size };
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

  // Every tab's own data call answers within 1 s while all eight are open.
  for (const page of tabs) {
    const ms = await page.evaluate(async () => {
      const began = performance.now();
      const res = await fetch('/api/notifications/unread-count', { credentials: 'include' });
      await res.json();
      return performance.now() - began;
    });
    expect(ms).toBeLessThan(1000);
  }

  // A message from the donor reaches all eight tabs' bells.
  const say = async (Body: string) => expect((await donor.api.post(`/api/requests/${requestId}/messages`, { data: { Body } })).ok()).toBe(true);
  await say('They are on the porch.');
  for (const page of tabs) await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // The holding tab closes: another takes the stream over within 2 s, and the next notification still reaches every tab.
  await tabs[0]!.close();
  const rest = tabs.slice(1);
  await expect.poll(() => streams.open(), { timeout: 2_000 }).toBe(1);
  expect((await donor.api.patch(`/api/requests/${requestId}`, { data: { Status: 'Accepted' } })).ok()).toBe(true);
  for (const page of rest) await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await context.close();
  await donor.api.dispose();
  await requester.api.dispose();
});
