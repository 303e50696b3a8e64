/**
 * `React.lazy` for pages that can also be loaded ahead of their first render (issue 21).
 * A lazy component suspends on its first render even when its chunk is already in, so a
 * page opened directly painted the layout with a spinner, then the page a commit (a task of
 * rendering, style and layout) later for each lazy level. Once `preload()` has resolved, a
 * preloadable component renders its module's component at once, without suspending.
 */
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

/** A lazily loaded component with `preload()`, which loads its chunk (once) and resolves when it is in. */
export interface Preloadable<P extends object> {
  (props: P): ReactElement;
  preload: () => Promise<void>;
}

/**
 * Wraps `load` (an `import()` of a module whose default export is a component) like
 * `React.lazy`; the chunk is fetched once, by whichever of `preload()` or the first
 * render asks first. A failed load rejects `preload()` and reaches the nearest error
 * boundary when rendered, as with `React.lazy`.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const get = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(get);
  const component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(component, { preload: () => get().then(() => undefined) });
}
