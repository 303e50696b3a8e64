import { t } from '@lingui/core/macro';
import type { Food } from '../../../../contract/index.js';
import { allergenLabels, dietLabels, wordList } from '../factLabels.js';

/** What a listing says of its allergens, in sentences. */
export function allergenText(allergens: Food['Allergens']): string {
  if (allergens === null) return t`Not stated by the donor. Ask before eating if you have an allergy.`;
  if (allergens === 'Unknown') return t`Unknown: the donor does not know. Ask before eating if you have an allergy.`;
  const labels = allergenLabels();
  const contains = wordList(allergens.Contains.map((a) => labels[a]));
  const may = wordList(allergens.MayContain.map((a) => labels[a]));
  return [
    allergens.Contains.length ? t`Contains ${contains}.` : t`Contains none of the 14 major allergens.`,
    allergens.MayContain.length ? t`May contain ${may}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The detail page's diet and allergen lines in words (a `dl` fragment); the category is its badge. */
export function FoodFactsRows({ food }: { food: Food }) {
  const labels = dietLabels();
  // Answers cached before these fields existed have neither.
  const diet = food.Diet ?? [];
  return (
    <>
      <dt className="font-semibold">{t`Diet`}</dt>
      <dd>{diet.length ? wordList(diet.map((d) => labels[d])) : t`Not stated`}</dd>
      <dt className="font-semibold">{t`Allergens`}</dt>
      <dd>{allergenText(food.Allergens ?? null)}</dd>
    </>
  );
}
