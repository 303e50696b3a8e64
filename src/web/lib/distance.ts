/** Distances as people read them ("about 1.5 km"), in the interface language; light enough for the home page's cards. */
import { t } from '@lingui/core/macro';
import { numberFormat } from './intl.js';

/** "about 1.5 km", "about 12 km", or "about 300 m" under 1 km, for a distance in km; numbers in the active locale. */
export function aboutDistance(km: number): string {
  if (km < 1) {
    const metres = numberFormat({ useGrouping: false }).format(Math.max(100, Math.round(km * 10) * 100));
    return t`about ${metres} m`;
  }
  const digits = km < 10 ? 1 : 0;
  const kilometres = numberFormat({ useGrouping: false, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(km);
  return t`about ${kilometres} km`;
}
