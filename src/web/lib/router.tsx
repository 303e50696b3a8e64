/**
 * The client's router: wouter (about 3 KB gzip where React Router's declarative mode
 * cost 15 KB of the home page's initial JS), plus the React Router-shaped
 * hooks the pages use. `useLocation` answers `{pathname, search, state}` (`search`
 * with its `?`, `state` the history entry's state); `navigate(to, {replace, state})`
 * pushes or replaces a history entry and every router hook follows it.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link as WouterLink, useLocation as useWouterLocation, useRoute, useSearch } from 'wouter';
import { navigate as go, useHistoryState } from 'wouter/use-browser-location';

export { Route, Switch, useParams } from 'wouter';

/** Options of {@link navigate}. */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Goes to `to` (a path with optional query) inside the SPA. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  go(to, { replace: options.replace, state: options.state ?? null });
}

/** The navigate function (a stable module function; a hook for React Router's shape). */
export function useNavigate(): typeof navigate {
  return navigate;
}

/** The current location: path, query string (with `?`, or empty) and history state. */
export function useLocation(): { pathname: string; search: string; state: unknown } {
  const [pathname] = useWouterLocation();
  const query = useSearch();
  const state = useHistoryState();
  return { pathname, search: query && !query.startsWith('?') ? `?${query}` : query, state };
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/** An in-app link to `to`; `state` goes with the history entry. */
export function Link({ to, state, ...rest }: AnchorProps & { to: string; state?: unknown; children?: ReactNode }) {
  return <WouterLink to={to} state={state} {...rest} />;
}

/** A navigation link whose class (and `aria-current="page"`) follow whether its path is the current one. */
export function NavLink({
  to,
  className,
  ...rest
}: Omit<AnchorProps, 'className'> & { to: string; className: (s: { isActive: boolean }) => string; children?: ReactNode }) {
  const [isActive] = useRoute(to);
  return <WouterLink to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} {...rest} />;
}
