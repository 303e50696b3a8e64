/**
 * A minimal read hook for the home page, which must not load TanStack Query
 * (DESIGN.md "Weight budget"; measured in docs/architecture.md "Web client choices"). It keeps TanStack's default policy of SPEC.md §9:
 * up to 3 retries with exponential backoff capped at 30 s (4xx answers are not
 * retried), answers cached for 5 minutes and shown at once on the next visit while
 * they are fetched again, errors through the global policy (SPEC.md §8).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { handleApiError, isRetryable } from './apiErrors.js';
import { firstPaint } from './firstPaint.js';

const CACHE_TIME_MS = 5 * 60 * 1000;
const MAX_RETRIES = 3;
const cache = new Map<string, { data: unknown; at: number }>();

async function withRetries<T>(fetcher: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetcher(signal);
    } catch (err) {
      if (signal.aborted || attempt >= MAX_RETRIES || !isRetryable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** attempt, 30_000)));
    }
  }
}

/** State of {@link useLightQuery}, named like TanStack Query's. */
export type LightQueryResult<T> = { refetch: () => void } & (
  | { data: undefined; isPending: true; isError: false }
  | { data: undefined; isPending: false; isError: true }
  | { data: T; isPending: false; isError: false }
);

/** Fetches `key` with `fetcher` on mount (after the first paint on a first load) and on `refetch`, following the policy above. */
export function useLightQuery<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>): LightQueryResult<T> {
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  const [data, setData] = useState(() => {
    const hit = cache.get(key);
    return hit && Date.now() - hit.at < CACHE_TIME_MS ? (hit.data as T) : undefined;
  });
  const [isError, setError] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    // On a first load, once the page's first render has painted (lib/firstPaint.ts); at once afterwards.
    void firstPaint.then(() => {
      if (controller.signal.aborted) return;
      withRetries((signal) => fetcherRef.current(signal), controller.signal).then(
        (answer) => {
          cache.set(key, { data: answer, at: Date.now() });
          setData(answer);
          setError(false);
        },
        (err: unknown) => {
          if (controller.signal.aborted) return;
          handleApiError(err, false);
          setError(true);
        },
      );
    });
    return () => controller.abort();
  }, [key, round]);

  const refetch = useCallback(() => {
    setError(false);
    setRound((r) => r + 1);
  }, []);

  if (data !== undefined) return { data, isPending: false, isError: false, refetch };
  return isError
    ? { data: undefined, isPending: false, isError: true, refetch }
    : { data: undefined, isPending: true, isError: false, refetch };
}
