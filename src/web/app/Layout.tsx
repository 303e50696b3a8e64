import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { preloadable } from '../lib/preloadable.js';
import { firstPaint } from '../lib/firstPaint.js';
import { useLocation } from 'wouter';
import { clearSavedShown } from '../lib/savedAnswers.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { Navbar } from './Navbar.js';
import { SavedNotice } from './SavedNotice.js';
import { Spinner } from '../ui/Spinner.js';
import { useAuth } from '../features/auth/useAuth.js';
import { withMessages } from '../lib/i18n.js';

// The footer starts below the first screen: its own chunk, after the page's, with its texts (the `common` catalog);
// on the home page once the first screen has painted (lib/firstPaint.ts), on any other the server preloads it.
const loadFooter = withMessages(() => import('./Footer.js').then((m) => ({ default: m.Footer })), ['common']);
const Footer = preloadable<object>(() => (window.location.pathname === '/' ? firstPaint.then(loadFooter) : loadFooter()));

/** Loads the footer's chunk and texts, so a first render shows it at once (app/routes.tsx `preparePage`). */
export const preloadFooter = (): Promise<void> => Footer.preload();

// Signed-in users' notices load only once someone is signed in.
const SignedInNotices = lazy(withMessages(() => import('./SignedInNotices.js'), ['session']));

/**
 * Every page's frame (SPEC.md §2 "Layout"): a skip link, the navigation bar, the
 * routed page (`children`) in a centred container with horizontal padding, and the footer
 * (below the first screen: a page whose list or photos arrive later does not push it down in view);
 * offline, a notice above the page when it shows a saved copy.
 * After each navigation the page starts at the top and focus moves to <main>,
 * so keyboard and screen-reader users land on the new content.
 */
export function Layout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const { user } = useAuth();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // The mailed verification link comes back to `/?verified=1`: say so once (app/verificationNotice.ts).
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has('verified'))
      void withMessages(() => import('./verificationNotice.js'), ['common'])().then((m) => m.announceVerification());
  }, []);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    clearSavedShown();
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="skip-link"
      >
        <Trans>Skip to main content</Trans>
      </a>
      <header className="border-b border-base-200 bg-base-100">
        <Navbar />
      </header>
      {user && (
        <Suspense fallback={null}>
          <SignedInNotices />
        </Suspense>
      )}
      <SavedNotice />
      <main id="main" ref={mainRef} tabIndex={-1} className="mx-auto min-h-screen w-full max-w-7xl px-4 py-8 outline-none sm:px-6 lg:px-8">
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner fullPage />}>
            {children}
          </Suspense>
        </ErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
