/**
 * Registers the service worker and shows what it tells: 'A new version
 * of Plateful is available' with 'Reload' when a new version waits (it never takes
 * over by itself), and an offline notice while the browser is offline. Loaded
 * lazily after the page (app/main.tsx), in its own chunk with workbox-window, and
 * rendered in its own small React root so the pages' chunks do not carry it.
 * Also moves the app to a clicked notification's page (sw.ts posts the path).
 */
import { t } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { navigate } from 'wouter/use-browser-location';
import { i18n } from '../../lib/i18n.js';

let updateWaiting = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    listeners.delete(l);
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
};

function AppStatus({ onReload }: { onReload: () => void }) {
  const waiting = useSyncExternalStore(subscribe, () => updateWaiting);
  const offline = useSyncExternalStore(subscribe, () => !navigator.onLine);
  return (
    <aside aria-label={t`App status`} className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex flex-col items-center gap-2 px-4">
      <div role="status">
        {offline ? (
          <p className="pointer-events-auto rounded-box bg-neutral px-4 py-2 text-sm text-neutral-content shadow-lg">
            <Trans>You are offline. Plateful shows what it saved; changes need a connection.</Trans>
          </p>
        ) : null}
      </div>
      {waiting ? (
        <div role="alert" className="pointer-events-auto flex items-center gap-3 rounded-box bg-base-100 px-4 py-2 shadow-lg ring-1 ring-base-300">
          <p className="text-sm"><Trans>A new version of Plateful is available</Trans></p>
          <button type="button" className="btn btn-primary btn-sm" onClick={onReload}>
            <Trans>Reload</Trans>
          </button>
        </div>
      ) : null}
    </aside>
  );
}

/** Registers `/sw.js` and mounts the status region; call once, after the page has loaded. */
export function registerServiceWorker(): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  let reloadAsked = false;
  wb.addEventListener('waiting', () => {
    updateWaiting = true;
    notify();
  });
  wb.addEventListener('controlling', () => {
    if (reloadAsked) window.location.reload();
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; path?: string }>) => {
    if (event.data?.type === 'plateful:navigate' && event.data.path?.startsWith('/')) navigate(event.data.path);
  });
  void wb.register();

  const host = document.createElement('div');
  document.body.append(host);
  // Its own root needs Lingui's provider too (<Trans> reads it), with the page's active catalog.
  createRoot(host).render(
    <I18nProvider i18n={i18n}>
      <AppStatus
        onReload={() => {
          reloadAsked = true;
          wb.messageSkipWaiting();
        }}
      />
    </I18nProvider>,
  );
}
