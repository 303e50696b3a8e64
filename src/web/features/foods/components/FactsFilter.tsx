import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { ALLERGENS, CATEGORIES, DIETS, type Allergen, type Category, type Diet } from '../../../../contract/taxonomy.js';
import type { FactsSearch } from '../api/keys.js';
import { allergenLabels, dietLabels } from '../factLabels.js';
import { categoryInfo } from './CategoryBadge.js';

const listParam = <T extends string>(value: string | null, allowed: readonly T[]): T[] =>
  (value ?? '').split(',').filter((v): v is T => (allowed as readonly string[]).includes(v));

/** Reads the filters from the URL (`category=Bakery&diet=Vegan,Halal&without=Nuts,Milk`); unknown values are dropped. */
export function factsFromParams(params: URLSearchParams): FactsSearch {
  return {
    categories: listParam<Category>(params.get('category'), CATEGORIES),
    diets: listParam<Diet>(params.get('diet'), DIETS),
    without: listParam<Allergen>(params.get('without'), ALLERGENS),
  };
}

/** Writes the filters into `out` (see {@link factsFromParams}). */
export function factsToParams(f: FactsSearch, out: URLSearchParams): void {
  if (f.categories.length) out.set('category', f.categories.join(','));
  if (f.diets.length) out.set('diet', f.diets.join(','));
  if (f.without.length) out.set('without', f.without.join(','));
}

const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

/**
 * The filters of Available Foods, applied as they change: a category (or any), the diets a
 * listing must have (all checked), and the allergens it must be known to be free of (folded
 * away under 'Without allergens' so the filters fit a phone's screen).
 */
export function FactsFilter({ value, onChange }: { value: FactsSearch; onChange: (next: FactsSearch) => void }) {
  const id = useId();
  const categories = categoryInfo();
  const diets = dietLabels();
  const allergens = allergenLabels();
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-box border border-base-300 p-3">
      <h2 id={`${id}-title`} className="font-semibold">
        {t`Filter foods`}
      </h2>
      <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-start md:gap-6">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-category`} className="font-medium">
            {t`Category`}
          </label>
          <select
            id={`${id}-category`}
            className="input input-sm field-select w-full md:w-60"
            value={value.categories[0] ?? ''}
            onChange={(e) => onChange({ ...value, categories: e.target.value ? [e.target.value as Category] : [] })}
          >
            <option value="">{t`Any category`}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categories[c].label}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="font-medium">{t`Diet`}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {DIETS.map((d) => (
              <label key={d} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="field-check"
                  checked={value.diets.includes(d)}
                  onChange={(e) => onChange({ ...value, diets: toggle(value.diets, d, e.target.checked) })}
                />
                {diets[d]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <details open={value.without.length > 0 || undefined}>
        <summary className="cursor-pointer font-medium">
          {value.without.length ? t`Without allergens (${value.without.length})` : t`Without allergens`}
        </summary>
        <fieldset className="mt-2">
          <legend className="text-sm text-base-content/70">{t`Only foods whose donor says they neither contain nor may contain these:`}</legend>
          <div className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4 lg:grid-cols-7">
            {ALLERGENS.map((a) => (
              <label key={a} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="field-check"
                  checked={value.without.includes(a)}
                  onChange={(e) => onChange({ ...value, without: toggle(value.without, a, e.target.checked) })}
                />
                {allergens[a]}
              </label>
            ))}
          </div>
        </fieldset>
      </details>
    </section>
  );
}
