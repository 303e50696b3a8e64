/**
 * Entry of the web client: auth provider, the routes (wouter follows the browser's history)
 * and the single toast host (loaded with the first toast, see `lib/toast.tsx`), inside Lingui's
 * provider: in English at once, in another language once its catalog has loaded (`lib/i18n.ts`).
 */
import { Fragment, StrictMode, type ReactNode } from 'react';
import { I18nProvider, useLingui } from '@lingui/react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './routes.js';
import { AuthProvider } from '../features/auth/AuthProvider.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { LazyToaster } from '../lib/toast.js';
import { activateLocale, activateSourceLocale, documentLocale, i18n, withMessages } from '../lib/i18n.js';
import '../styles.css';

// index.html's one element: React reports a missing container itself.
const root = document.getElementById('root')!;

// The service worker after the page: its chunk (and the `common` texts of its status region) is never part of the first load.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void withMessages(() => import('../features/pwa/register.js'), ['common'])().then((m) => m.registerServiceWorker());
  // The entry runs before the page's `load` (module scripts are deferred).
  window.addEventListener('load', register, { once: true });
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
        </AuthProvider>
      </I18nProvider>
    </StrictMode>,
  );

// English renders at once (its catalog is bundled); another language once its catalog has loaded.
const locale = documentLocale();
if (locale === 'en') {
  activateSourceLocale();
  render();
} else {
  activateLocale(locale).then(render, (err: unknown) => {
    console.error(err);
    render();
  });
}
