/**
 * The app's first paint. Requests that can wait (the service worker's chunk, a person's standing beside a listing)
 * start after it, so they do not share the first load's bandwidth with what the page shows first, and Lighthouse's
 * simulation does not count them as one more round trip before the largest paint (docs/architecture.md "Web client choices", docs/benchmarks.md).
 * The root's first effect calls {@link markFirstCommit} (app/main.tsx).
 */
import { useSyncExternalStore } from 'react';

let painted = false;
let marked = false;
const waiting = new Set<() => void>();

/** Called once the first render has committed: its paint counts as done when the frame after it starts. */
export function markFirstCommit(): void {
  if (marked) return;
  marked = true;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      painted = true;
      for (const run of waiting) run();
      waiting.clear();
    }),
  );
}

/** Runs `run` after the first paint (at once when it is past). */
export function afterFirstPaint(run: () => void): void {
  if (painted) run();
  else waiting.add(run);
}

const subscribe = (changed: () => void) => {
  waiting.add(changed);
  return () => void waiting.delete(changed);
};

/** Whether the first paint is past; the component renders again when it passes. */
export function useFirstPaintDone(): boolean {
  return useSyncExternalStore(subscribe, () => painted);
}
