import { t } from '@lingui/core/macro';
import type { Category } from '../../../../contract/taxonomy.js';

/** Each category's name in the active language, and its icon (decorative: always beside the name). */
export function categoryInfo(): Record<Category, { label: string; icon: string }> {
  return {
    Bakery: { label: t`Bread & bakery`, icon: '🥖' },
    FruitVeg: { label: t`Fruit & vegetables`, icon: '🥕' },
    DairyEggs: { label: t`Dairy & eggs`, icon: '🧀' },
    MeatFish: { label: t`Meat & fish`, icon: '🐟' },
    PreparedMeals: { label: t`Prepared meals`, icon: '🍲' },
    Pantry: { label: t`Pantry & dry goods`, icon: '🥫' },
    Drinks: { label: t`Drinks`, icon: '🧃' },
    BabyFood: { label: t`Baby food`, icon: '🍼' },
    PetFood: { label: t`Pet food`, icon: '🐾' },
    Other: { label: t`Other`, icon: '📦' },
  };
}

/** A listing's category as a badge (cards and the detail page): its icon (decorative) and its name in words. */
export function CategoryBadge({ category }: { category: Category | undefined }) {
  const all = categoryInfo();
  // An answer cached before categories existed has none: `Other`.
  const { label, icon } = (category && all[category]) || all.Other;
  return (
    <p className="badge badge-ghost h-auto gap-1 font-medium">
      <span aria-hidden="true">{icon}</span>
      <span>
        <span className="sr-only">{t`Category:`} </span>
        {label}
      </span>
    </p>
  );
}
