/**
 * The app's first paint. Requests that can wait (the session read, the home page's reads and lower sections, the
 * service worker's chunk, a person's standing beside a listing) start after it, so they do not share the first load's
 * bandwidth with what the page shows first, and Lighthouse's simulation does not count them as one more round trip
 * before the largest paint (docs/architecture.md "Web client choices"). The root's first effect calls
 * {@link markFirstCommit} (app/main.tsx).
 */
let painted = false;
let marked = false;
let paint: () => void;

/** Settles after the first paint (a `then` added later runs at once, in a microtask). */
export const firstPaint = new Promise<void>((resolve) => (paint = resolve)).then(() => void (painted = true));

/**
 * Called once the first render has committed: its paint counts as done when the frame after it starts; what waited
 * then runs in a task of its own, not inside that frame.
 */
export function markFirstCommit(): void {
  if (marked) return;
  marked = true;
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(paint, 0)));
}

/** Whether the first paint is past (lib/useFirstPaint.ts: as a hook). */
export const firstPaintDone = (): boolean => painted;
