import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { Food } from '../../../../contract/index.js';
import { Photo } from '../../../ui/Photo.js';

/**
 * The photos of a listing on its detail page: the chosen photo large,
 * and, when the listing has a gallery, one button per photo below it. Buttons
 * name the photo ('Show photo 2 of 3') and mark the shown one with `aria-pressed`.
 */
export function FoodPhotos({ food }: { food: Food }) {
  const photos = [food.FoodImage, ...(food.FoodGallery ?? [])];
  const [shown, setShown] = useState(0);
  const large = 'aspect-[4/3] w-full rounded-box bg-base-200 object-cover shadow';
  const current = (
    <Photo
      key={photos[shown]}
      src={photos[shown]!}
      alt={photos.length > 1 ? t`${food.FoodName}, photo ${shown + 1} of ${photos.length}` : food.FoodName}
      width={800}
      height={600}
      sizes="(min-width: 1024px) 50vw, 100vw"
      eager
      className={large}
    />
  );
  if (photos.length === 1) return current;
  return (
    <section aria-label={t`Photos`} className="flex flex-col gap-3">
      {current}
      <ul className="flex flex-wrap gap-2">
        {photos.map((url, i) => (
          <li key={url}>
            <button
              type="button"
              className={`rounded-box border-2 p-0.5 ${i === shown ? 'border-primary' : 'border-transparent'}`}
              aria-pressed={i === shown}
              aria-label={t`Show photo ${i + 1} of ${photos.length}`}
              onClick={() => setShown(i)}
            >
              <Photo src={url} alt="" width={96} height={72} sizes="96px" className="h-[72px] w-24 rounded object-cover" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
