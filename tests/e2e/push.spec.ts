// Push on a phone: 'Turn on push notifications' asks for permission only when
// pressed, subscribes this device and the server pushes a new request to it. Headless
// Chromium cannot reach a real push service, so only `PushManager.subscribe` is replaced,
// by one answering a subscription whose endpoint is this test's push service (a local
// HTTPS server) and whose keys are the test's; the server side (VAPID, encryption, the
// outbox) is the real one. The settings page is axe-clean at 375 and 1280 px.
import { expect, test } from '@playwright/test';
import { decryptPayload, newDevice, startPushService, verifyVapid, waitForPushes, type PushService } from '../support/push-service.js';
import { expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { baseURL, isoInDays, listFood, newPerson, pageFor } from './support/world.js';

test.use({ serviceWorkers: 'allow' });

let push: PushService;
test.beforeAll(async () => {
  push = await startPushService();
});
test.afterAll(async () => push?.close());

test('the push button subscribes this device, and a new request arrives as a push', async ({ browser }) => {
  const donorP = await newPerson('Pia Pusher');
  const requesterP = await newPerson('Remy Requester');
  const foodName = `Pear Tart ${Date.now().toString(36)}`;
  const foodId = await listFood(donorP.api, {
    FoodName: foodName,
    FoodImage: 'https://images.example.org/tart.jpg',
    FoodQuantity: 1,
    PickupLocation: '9 Pine Road',
    ExpiredDateTime: isoInDays(2),
    AdditionalNotes: 'x',
  });

  const page = await pageFor(browser, donorP);
  const device = newDevice();
  const endpoint = `${push.origin}/device-${Date.now().toString(36)}`;
  await page.addInitScript(
    ({ endpoint, keys }) => {
      PushManager.prototype.subscribe = async function () {
        return { endpoint, expirationTime: null, toJSON: () => ({ endpoint, expirationTime: null, keys }), unsubscribe: async () => true } as unknown as PushSubscription;
      };
    },
    { endpoint, keys: device.keys },
  );
  await page.goto('/settings/notifications');
  // Nothing is asked on page load.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await page.context().grantPermissions(['notifications'], { origin: baseURL() });
  await page.getByRole('button', { name: 'Turn on push notifications' }).click();
  await expect(page.getByText('Push notifications are on for this device')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off push notifications' })).toBeVisible();

  const res = await requesterP.api.post('/api/requests', { data: { FoodId: foodId } });
  expect(res.status()).toBe(201);
  const [got] = await waitForPushes(push, (p) => endpoint.endsWith(p.path));
  expect(verifyVapid(got!).claims.aud).toBe(push.origin);
  expect(JSON.parse(decryptPayload(got!.body, device))).toMatchObject({ Title: `New request for ${foodName}`, Link: `/manage-food/${foodId}` });

  await expectNoAxeViolationsAtBothWidths(page);
  await page.context().close();
});
