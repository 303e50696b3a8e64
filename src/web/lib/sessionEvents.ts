/**
 * A tiny event bus between the auth state and the query cache, so neither imports
 * the other: the query cache (loaded lazily with the first data page, DESIGN.md
 * "Weight budget") learns when the signed-in user changes, and the auth state
 * learns when the API answers 401 (SPEC.md §8).
 */

/** A typed event: `on` returns its unsubscribe function. */
export interface Signal<T> {
  emit: (value: T) => void;
  on: (listener: (value: T) => void) => () => void;
}

function signal<T>(): Signal<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    emit: (value) => {
      for (const listener of listeners) listener(value);
    },
    on: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The signed-in email changed (null: signed out). */
export const userChanged = signal<string | null>();

/** The API answered 401: the session is gone. */
export const unauthorized = signal<void>();
