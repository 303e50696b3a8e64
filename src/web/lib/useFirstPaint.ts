/**
 * The first paint (lib/firstPaint.ts) as a hook, for the lazily loaded pages' reads that wait for it: a module of its
 * own, so the home page's first JavaScript does not carry it.
 */
import { startTransition, useEffect, useState } from 'react';
import { firstPaint, firstPaintDone } from './firstPaint.js';

/**
 * Whether the first paint is past; the component renders again when it passes, in a transition, which React renders
 * in slices: the paint's re-render (and the reads it starts) is not one long task (Lighthouse's TBT).
 */
export function useFirstPaintDone(): boolean {
  const [painted, setPainted] = useState(firstPaintDone);
  useEffect(() => {
    if (painted) return;
    let active = true;
    void firstPaint.then(() => active && startTransition(() => setPainted(true)));
    return () => {
      active = false;
    };
  }, [painted]);
  return painted;
}
