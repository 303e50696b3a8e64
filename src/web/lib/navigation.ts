/**
 * A bridge from code outside the router (the QueryClient's global error
 * handlers, SPEC.md §8) to React Router's `navigate`. `<NavigationBridge/>`
 * registers the router's function here once it is mounted.
 */

/** The subset of React Router's `navigate` the bridge needs. */
export type NavigateFn = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

let current: NavigateFn | null = null;

/** Registers the router's navigate function; returns the unregister function. */
export function setNavigator(fn: NavigateFn): () => void {
  current = fn;
  return () => {
    if (current === fn) current = null;
  };
}

/** Navigates inside the SPA, or loads the page when no router is mounted. */
export function navigateTo(to: string, options?: { replace?: boolean; state?: unknown }): void {
  if (current) current(to, options);
  else window.location.assign(to);
}
