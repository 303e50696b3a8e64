/**
 * The web client's router in the entry chunk: the home page (`/`, the contract's
 * `PAGES.home`, SPEC.md §2) renders at once; any other path renders the lazily loaded
 * table of every other page and the 404 page (app/PageRoutes.tsx, the contract's
 * `PAGE_ROUTES_MODULE`), so the home page's first JavaScript carries neither the table
 * nor its ~20 lazy loaders. That chunk is fetched when the home page has loaded, so the
 * first step to another page waits only for that page.
 */
import { Route, Switch } from 'wouter';
import HomePage from '../features/home/pages/HomePage.js';
import { preloadable } from '../lib/preloadable.js';
import { firstPaint } from '../lib/firstPaint.js';
import { Layout, preloadFooter } from './Layout.js';

const loadPageRoutes = () => import('./PageRoutes.js');
const PageRoutes = preloadable(loadPageRoutes);

// The entry runs before the page's `load` (module scripts are deferred); the first paint may come after it.
window.addEventListener('load', () => void firstPaint.then(PageRoutes.preload), { once: true });

/**
 * Loads what the page at `pathname` (not home) first renders with (app/PageRoutes.tsx `preparePage`), so that render
 * shows it without a Suspense fallback (lib/preloadable.tsx). Settles, never rejects: a chunk that failed fails again
 * in the page's render, inside its error boundary.
 */
export function preparePage(pathname: string): Promise<void> {
  return Promise.all([PageRoutes.preload(), preloadFooter(), loadPageRoutes()])
    .then(([, , routes]) => routes.preparePage(pathname))
    .catch(() => undefined);
}

/** Every route inside the shared layout: home here, the rest (and unknown paths) in `PageRoutes`. */
export function AppRoutes() {
  return (
    <Layout>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route component={PageRoutes} />
      </Switch>
    </Layout>
  );
}
