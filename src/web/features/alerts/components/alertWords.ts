/** An alert said in words (docs/api.md "Alerts"): what it looks for, and where. */
import { t } from '@lingui/core/macro';
import type { Alert } from '../../../../contract/index.js';
import { allergenLabels, dietLabels, wordList } from '../../foods/factLabels.js';
import { categoryInfo } from '../../foods/components/CategoryBadge.js';

/** "“bread”, Bakery, Vegan, without Tree nuts, within 2 km". */
export function describeAlert(a: Pick<Alert, 'Words' | 'Categories' | 'Diet' | 'WithoutAllergens' | 'RadiusKm'>): string {
  const cats = categoryInfo();
  const diets = dietLabels();
  const allergens = allergenLabels();
  const parts = [
    a.Words ? `“${a.Words}”` : t`Any food`,
    ...a.Categories.map((c) => cats[c].label),
    ...a.Diet.map((d) => diets[d]),
    ...(a.WithoutAllergens.length ? [t`without ${wordList(a.WithoutAllergens.map((x) => allergens[x]))}`] : []),
  ];
  const radius = a.RadiusKm;
  return `${parts.join(', ')}, ${t`within ${radius} km`}`;
}
