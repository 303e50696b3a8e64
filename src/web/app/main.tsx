/**
 * Entry of the web client: auth provider, the routes (wouter follows the browser's history)
 * and the single toast host (loaded with the first toast, see `lib/toast.tsx`), inside Lingui's
 * provider: in English at once, in another language once its catalog has loaded (`lib/i18n.ts`).
 */
import { Fragment, startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { I18nProvider, useLingui } from '@lingui/react';
import { createRoot } from 'react-dom/client';
import { AppRoutes, preparePage } from './routes.js';
import { AuthProvider } from '../features/auth/AuthProvider.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { LazyToaster } from '../lib/toast.js';
import { firstPaint, markFirstCommit } from '../lib/firstPaint.js';
import { activateLocale, activateSourceLocale, documentLocale, i18n, intlLocale, withMessages } from '../lib/i18n.js';
import '../styles.css';

// index.html's one element: React reports a missing container itself.
const root = document.getElementById('root')!;

/**
 * Marks the first commit (lib/firstPaint.ts); once the page has loaded and that render has painted, registers the
 * service worker: its chunk (and the `common` texts of its status region) is never part of the first load.
 */
function FirstCommit() {
  useEffect(() => {
    markFirstCommit();
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const register = () => void withMessages(() => import('../features/pwa/register.js'), ['common'])().then((m) => m.registerServiceWorker());
    void firstPaint.then(() => (document.readyState === 'complete' ? register() : window.addEventListener('load', register, { once: true })));
  }, []);
  return null;
}

/** Renders the app anew when the language changes (the picker), so every text and date follows it; data stays cached. */
function Localized({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <Fragment key={active.locale}>{children}</Fragment>;
}

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <AuthProvider>
          <Localized>
            <ErrorBoundary>
              <AppRoutes />
            </ErrorBoundary>
          </Localized>
          <LazyToaster />
          <FirstCommit />
        </AuthProvider>
      </I18nProvider>
    </StrictMode>,
  );

/**
 * Loads the browser's number formatting data while the page's chunks download and the main thread is idle: the first
 * `Intl.NumberFormat` of a page takes 30 ms (70–125 ms at Lighthouse's 4× slower CPU), and Lingui makes one for the
 * `#` of the first plural shown, e.g. a donor's "12 shares" arriving after the food page's first paint, in one task.
 */
function loadNumberFormats() {
  new Intl.NumberFormat(intlLocale()).format(1);
}

/** How long the first render waits for the page's chunks and texts before it shows the layout's spinner instead. */
const PREPARE_WAIT_MS = 1000;

/**
 * Renders once the page can show in its first render (app/routes.tsx `preparePage`: the chunks and texts the server
 * preloads), or after {@link PREPARE_WAIT_MS}; such a page as a transition, so React renders it in slices between
 * which the browser stays responsive. The home page, which has nothing to wait for, renders at once (in English; in
 * another language once its catalog has loaded), its skip link there for the first Tab.
 */
function start(languageLoaded?: Promise<void>) {
  const pathname = window.location.pathname;
  if (pathname === '/') return languageLoaded ? void languageLoaded.then(render) : render();
  const waited = new Promise<void>((resolve) => setTimeout(resolve, PREPARE_WAIT_MS));
  setTimeout(loadNumberFormats, 0);
  void Promise.all([languageLoaded, Promise.race([preparePage(pathname), waited])]).then(() => startTransition(render));
}

const locale = documentLocale();
if (locale === 'en') {
  activateSourceLocale();
  start();
} else {
  start(
    activateLocale(locale).catch((err: unknown) => {
      console.error(err);
    }),
  );
}
