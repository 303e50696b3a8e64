import { t } from '@lingui/core/macro';
import { ErrorPage } from './ErrorPage.js';

/** The unknown-route page of SPEC.md §2 and §8: '404 - PAGE NOT FOUND' with a 'GO TO HOMEPAGE' link (texts in the `common` catalog). */
export function NotFound() {
  return (
    <ErrorPage
      heading={t`404 - PAGE NOT FOUND`}
      message={t`The page you are looking for does not exist, was moved, or is temporarily unavailable.`}
    />
  );
}
