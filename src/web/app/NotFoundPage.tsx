import { t } from '@lingui/core/macro';
import { NotFound } from '../ui/NotFound.js';
import { usePageTitle } from '../lib/title.js';

/** Unknown route (SPEC.md §2, §8): '404 - PAGE NOT FOUND' with a 'GO TO HOMEPAGE' link. */
export default function NotFoundPage() {
  usePageTitle(t`Page Not Found`);
  return <NotFound />;
}
