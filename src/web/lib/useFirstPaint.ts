/**
 * The first paint (lib/firstPaint.ts) as a hook, for the lazily loaded pages' reads that wait for it: a module of its
 * own, so the home page's first JavaScript does not carry it.
 */
import { useSyncExternalStore } from 'react';
import { firstPaint, firstPaintDone } from './firstPaint.js';

/** `changed` once, after the first paint; nothing to undo (the answer never changes back). */
const subscribe = (changed: () => void) => {
  void firstPaint.then(changed);
  return () => undefined;
};

/** Whether the first paint is past; the component renders again when it passes. */
export function useFirstPaintDone(): boolean {
  return useSyncExternalStore(subscribe, firstPaintDone);
}
