import { t } from '@lingui/core/macro';
import { useId, useState } from 'react';
import type { Food, FoodInput } from '../../../../contract/index.js';
import { ALLERGENS, ALLERGENS_REQUIRED_IN, CATEGORIES, DIETS, type Allergen, type Category, type Diet } from '../../../../contract/taxonomy.js';
import { allergenLabels, dietLabels } from '../factLabels.js';
import { categoryInfo } from './CategoryBadge.js';

type Mode = 'list' | 'unknown' | 'unstated';

const modeOf = (a: Food['Allergens'] | undefined): Mode => (a === 'Unknown' ? 'unknown' : a ? 'list' : 'unstated');

/**
 * The category, diet and allergen fields of a food body, read from the form's data:
 * `Category`, every checked `Diet`, and `Allergens` by the chosen way (`AllergensMode`):
 * the per-allergen choices, `'Unknown'`, or null (not stated).
 */
export function factsFromForm(data: FormData): Pick<FoodInput, 'Category' | 'Diet' | 'Allergens'> {
  const mode = String(data.get('AllergensMode') ?? 'unstated') as Mode;
  const pick = (value: string) => ALLERGENS.filter((a) => data.get(`Allergen-${a}`) === value);
  /* eslint-disable lingui/no-unlocalized-strings -- form field names and API values, not interface text */
  return {
    Category: String(data.get('Category') ?? '') as Category,
    Diet: data.getAll('Diet').map(String) as Diet[],
    Allergens: mode === 'unknown' ? 'Unknown' : mode === 'list' ? { Contains: pick('contains'), MayContain: pick('may') } : null,
  };
  /* eslint-enable lingui/no-unlocalized-strings */
}

/**
 * The form's category (a required choice; a listing being updated keeps its own), diet
 * checkboxes and allergens: a fieldset choosing how they are stated (listed, unknown, not
 * stated; prepared meals must list them or say unknown) and, when listed, one choice per
 * Annex II allergen (no / contains / may contain). `initial`: the listing being updated.
 */
export function FactsFields({ initial }: { initial?: Food }) {
  const id = useId();
  const [category, setCategory] = useState<string>(initial?.Category ?? '');
  const [mode, setMode] = useState<Mode>(modeOf(initial?.Allergens));
  const mustState = ALLERGENS_REQUIRED_IN.includes(category as Category);
  const shownMode = mustState && mode === 'unstated' ? 'list' : mode;
  const stated = (a: Allergen) =>
    initial?.Allergens && initial.Allergens !== 'Unknown'
      ? initial.Allergens.Contains.includes(a)
        ? 'contains'
        : initial.Allergens.MayContain.includes(a)
          ? 'may'
          : 'no'
      : 'no';
  const modes: [Mode, string][] = [
    ['list', t`I list them`],
    ['unknown', t`Unknown`],
    ...(mustState ? [] : ([['unstated', t`Not stated`]] as [Mode, string][])),
  ];
  const categories = categoryInfo();
  const diets = dietLabels();
  const allergens = allergenLabels();
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-category`} className="font-medium">
          {t`Category`}
        </label>
        <select id={`${id}-category`} name="Category" required className="input field-select w-full" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="" disabled>
            {t`Choose a category`}
          </option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categories[c].label}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="font-medium">{t`Diet (optional)`}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {DIETS.map((d) => (
            <label key={d} className="flex items-center gap-2">
              <input type="checkbox" name="Diet" value={d} defaultChecked={initial?.Diet.includes(d)} className="field-check" />
              {diets[d]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2 md:col-span-2" aria-describedby={`${id}-allergens-hint`}>
        <legend className="font-medium">{t`Allergens`}</legend>
        <p id={`${id}-allergens-hint`} className="text-sm text-base-content/70">
          {mustState ? t`Prepared meals must list their allergens or say they are unknown.` : t`The 14 major allergens (EU). Optional, except for prepared meals.`}
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {modes.map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="AllergensMode" value={value} checked={shownMode === value} onChange={() => setMode(value)} className="field-check" />
              {label}
            </label>
          ))}
        </div>
        {shownMode === 'list' && (
          <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
            {ALLERGENS.map((a) => (
              <div key={a} className="flex items-center justify-between gap-2">
                <label htmlFor={`${id}-${a}`}>{allergens[a]}</label>
                <select id={`${id}-${a}`} name={`Allergen-${a}`} defaultValue={stated(a)} className="input input-sm field-select w-36">
                  <option value="no">{t`No`}</option>
                  <option value="contains">{t`Contains`}</option>
                  <option value="may">{t`May contain`}</option>
                </select>
              </div>
            ))}
          </div>
        )}
      </fieldset>
    </>
  );
}
