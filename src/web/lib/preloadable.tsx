/**
 * `React.lazy` with a `preload()`: a component whose module has loaded renders at once, in the render that
 * meets it, where `lazy` would suspend once more and show its Suspense fallback. React holds the content
 * revealed after a fallback until 300 ms after that fallback appeared (its "fallback throttle"), so a page
 * whose chunks the server preloaded (src/server/previews/preloads.ts) would show that much later; preloaded
 * first (app/routes.tsx), it shows in one update.
 */
import { lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component; `preload()` loads its module (once) and settles when it can render at once. */
export type Preloadable<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/** The component `load` resolves to (as its `default`), loaded on first render or by `preload()`; a failed load stays failed, as `lazy`'s does. */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => (loading ??= load().then((module) => void (loaded = module.default)));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Component(props: P) {
    // Chosen once per mount: a later switch from the lazy wrapper to the module would remount the subtree.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Component, { preload });
}
