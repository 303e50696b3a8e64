/// <reference lib="webworker" />
/**
 * Plateful's service worker, built by vite-plugin-pwa (injectManifest):
 * - precaches the app shell (index.html) and the built assets, and drops old precaches;
 * - navigations go to the network (the server writes link previews and fresh data
 *   into pages); when the network fails, the precached shell answers, and the app
 *   shows its offline notice;
 * - stored photos (`/api/images/{id}`: immutable, content-addressed image bytes, loaded
 *   by <img>) and the demo images are kept in a runtime cache of at most 80 entries;
 *   nothing else under `/api` — JSON answers, the event stream, auth — is ever
 *   routed here, so the browser fetches it as if there were no service worker;
 * - a new version waits until the page asks it to take over ('Reload');
 * - pushes become notifications; a click focuses an open Plateful window and
 *   moves it to the notification's page, or opens one.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** Runtime cache of photos; the offline test reads its name. */
const PHOTO_CACHE = 'plateful-photos';
const STORED_PHOTO = /^\/api\/images\/[A-Za-z0-9_-]{43}$/;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await fetch(options.request);
      } catch {
        return shell(options);
      }
    },
    // Pages the server makes itself (API docs, unsubscribe, verification links) are never answered by the shell.
    { denylist: [/^\/api(\/|$)/] },
  ),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.destination === 'image' && (STORED_PHOTO.test(url.pathname) || url.pathname.startsWith('/images/demo/')),
  new CacheFirst({
    cacheName: PHOTO_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** The server's push payload (contract/push.ts `PushPayload`). */
interface PushPayload {
  Title?: string;
  Body?: string;
  Link?: string;
  Tag?: string;
}

self.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = (event.data?.json() as PushPayload | undefined) ?? {};
  } catch {
    // An unreadable payload still shows a notification (browsers require one per push).
  }
  event.waitUntil(
    self.registration.showNotification(data.Title ?? 'Plateful', {
      body: data.Body ?? '',
      tag: data.Tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: data.Link ?? '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL((event.notification.data as { link?: string } | null)?.link ?? '/', self.location.origin);
  const target = link.origin === self.location.origin ? link : new URL('/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!open) {
        await self.clients.openWindow(target.href);
        return;
      }
      await open.focus();
      // The page moves inside the app (no reload); see features/pwa/register.ts.
      open.postMessage({ type: 'plateful:navigate', path: `${target.pathname}${target.search}` });
    })(),
  );
});
