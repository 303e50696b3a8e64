/**
 * The saved redirect location of SPEC.md §2/§4 ("remembers the current path",
 * "go to the saved redirect location, or to / if none"), kept to same-site paths
 * so that no link can send a user elsewhere after signing in.
 */

/** `value` when it is a path on this site (`/…`, not `//…`), else `/`. */
export function safePath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : '/';
}

/** The path saved in a location's state by the route guard or the Request button, or `/`. */
export function savedPath(state: unknown): string {
  return safePath((state as { from?: unknown } | null)?.from);
}
