import { t } from '@lingui/core/macro';
import { useEffect, useRef } from 'react';

/**
 * The end of an infinitely scrolling list: an invisible
 * sentinel that asks for the next page when it comes within 600 px of the
 * viewport, and a 'Load more' button for keyboard and assistive-technology users.
 * Renders nothing once `hasMore` is false.
 */
export function LoadMore({ hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || loading) return;
    // A new observer reports the current state at once, so a page that still leaves
    // the sentinel on screen (a tall window) is followed by the next one.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load.current();
    }, { rootMargin: '600px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div className="flex justify-center py-6">
      <div ref={sentinel} aria-hidden="true" />
      <button type="button" className="btn btn-outline" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
        {loading ? t`Loading more…` : t`Load more`}
      </button>
    </div>
  );
}
