import { useEffect } from 'react';

/** Product name used in every page title (SPEC.md §1: '{product} | Home'). */
export const PRODUCT = 'Plateful';

/** Sets the document title to 'Plateful | {page}' while the page is shown (SPEC.md §1). */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${PRODUCT} | ${page}`;
  }, [page]);
}
