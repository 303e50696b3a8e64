/**
 * This device's Web Push subscription: the browser's Push API plus
 * `GET /push/public-key` and `POST`/`DELETE /push-subscriptions`. Permission is
 * asked only from `turnOnPush`, which a button press calls, never on page load.
 */
import type { InsertResult, PushPublicKey } from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';

/** What this browser can do about push. */
export type PushSupport = 'supported' | 'unsupported' | 'ios-needs-home-screen';

/**
 * iOS and iPadOS Safari offer push only to a web app added to the Home Screen
 * (WebKit, iOS 16.4); elsewhere the Push API and service workers must exist.
 */
export function pushSupport(): PushSupport {
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  if (ios && !standalone) return 'ios-needs-home-screen';
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window ? 'supported' : 'unsupported';
}

/** This device's current subscription, or null (none, or no service worker yet). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const fromBase64Url = (text: string) => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/**
 * Asks for permission, subscribes this device with the server's VAPID key and
 * stores the subscription on the server.
 * @returns 'on', or 'denied' when the person (or the browser) refused permission.
 */
export async function turnOnPush(): Promise<'on' | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiFetch<PushPublicKey>(apiUrl('/push/public-key'));
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) });
  await apiFetch<InsertResult>(apiUrl('/push-subscriptions'), { method: 'POST', body: subscription.toJSON() });
  return 'on';
}

/** Removes this device's subscription from the server and the browser. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiFetch(apiUrl('/push-subscriptions'), { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
