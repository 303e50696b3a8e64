/**
 * Words of a listing's diet tags and allergens in the active language (docs/api.md
 * "Categories, diets and allergens"): every fact is said in words, never by an icon alone.
 */
import { t } from '@lingui/core/macro';
import type { Allergen, Diet } from '../../../contract/taxonomy.js';
import { intlLocale } from '../../lib/i18n.js';

/** Each diet tag as shown. */
export function dietLabels(): Record<Diet, string> {
  return { Vegetarian: t`Vegetarian`, Vegan: t`Vegan`, Halal: t`Halal`, Kosher: t`Kosher`, GlutenFree: t`Gluten-free` };
}

/** Each allergen of Regulation (EU) No 1169/2011 Annex II in everyday words. */
export function allergenLabels(): Record<Allergen, string> {
  return {
    Gluten: t`Gluten (cereals)`,
    Crustaceans: t`Crustaceans`,
    Eggs: t`Eggs`,
    Fish: t`Fish`,
    Peanuts: t`Peanuts`,
    Soybeans: t`Soya`,
    Milk: t`Milk`,
    Nuts: t`Tree nuts`,
    Celery: t`Celery`,
    Mustard: t`Mustard`,
    Sesame: t`Sesame`,
    Sulphites: t`Sulphites`,
    Lupin: t`Lupin`,
    Molluscs: t`Molluscs`,
  };
}

/** Words joined for reading in the active language ("Eggs, Milk and Sesame"). */
export function wordList(words: string[]): string {
  return new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(words);
}
