import { useId, useRef, useState, type FormEvent } from 'react';
import type { Food, FoodInput } from '../../../../contract/index.js';
import type { AppUser } from '../../auth/useAuth.js';
import { ownImageId } from '../../../ui/Photo.js';
import { PhotoPicker } from './PhotoPicker.js';

/** Props of {@link FoodForm}. */
export interface FoodFormProps {
  /** The food to edit (update form); absent for the add form. */
  initial?: Food;
  /** The signed-in donor, sent as `Donator` (SPEC.md §3). */
  donor: AppUser;
  /** 'Add Donation' or 'Update Donation' (SPEC.md §2). */
  submitLabel: string;
  /** True while the save is under way. */
  pending: boolean;
  /** Receives the body of `POST /foods` or `PUT /foods/{id}` and the form, e.g. to reset it. */
  onSubmit: (input: FoodInput, form: HTMLFormElement) => void;
}

const FIELD = 'input input-bordered w-full';

/**
 * The add / update food form of SPEC.md §2 and §5: Food Name, Food Image URL
 * (url), Food Quantity (text, sent as an integer with parseInt), Expired Date
 * (date), Pickup Location and Additional Notes, all required; plus 'Upload photos'
 * (issue 12), whose first photo fills the Food Image URL.
 */
export function FoodForm({ initial, donor, submitLabel, pending, onSubmit }: FoodFormProps) {
  const id = useId();
  const imageInput = useRef<HTMLInputElement>(null);
  // Issue 12: uploaded photos; the first fills 'Food Image URL', the others are the FoodGallery.
  const initialPhotos = () =>
    initial && (initial.FoodGallery?.length || ownImageId(initial.FoodImage)) ? [initial.FoodImage, ...(initial.FoodGallery ?? [])] : [];
  const [photos, setPhotos] = useState<string[]>(initialPhotos);

  function changePhotos(next: string[]) {
    setPhotos(next);
    if (next[0] && imageInput.current) imageInput.current.value = next[0];
  }

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    onSubmit(
      {
        FoodName: text('FoodName'),
        FoodImage: text('FoodImage'),
        // SPEC.md §5: quantity is parsed to an integer with no numeric check here.
        FoodQuantity: parseInt(text('FoodQuantity'), 10),
        ExpiredDateTime: text('ExpiredDateTime'),
        PickupLocation: text('PickupLocation'),
        AdditionalNotes: text('AdditionalNotes'),
        FoodGallery: photos.slice(1),
        Donator: { Name: donor.displayName, Image: donor.photoURL, Email: donor.email },
      },
      form,
    );
  }

  return (
    <form onSubmit={handleSubmit} onReset={() => setPhotos(initialPhotos())} className="grid grid-cols-1 gap-5 md:grid-cols-2" aria-busy={pending}>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-name`} className="font-medium">
          Food Name
        </label>
        <input id={`${id}-name`} name="FoodName" type="text" required maxLength={120} className={FIELD} defaultValue={initial?.FoodName} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-image`} className="font-medium">
          Food Image URL
        </label>
        <input
          ref={imageInput}
          id={`${id}-image`}
          name="FoodImage"
          type="url"
          required
          placeholder="https://"
          className={FIELD}
          defaultValue={initial?.FoodImage}
        />
      </div>
      <PhotoPicker photos={photos} onChange={changePhotos} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-quantity`} className="font-medium">
          Food Quantity
        </label>
        <input
          id={`${id}-quantity`}
          name="FoodQuantity"
          type="text"
          inputMode="numeric"
          required
          className={FIELD}
          defaultValue={initial?.FoodQuantity}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-expiry`} className="font-medium">
          Expired Date
        </label>
        <input
          id={`${id}-expiry`}
          name="ExpiredDateTime"
          type="date"
          required
          className={FIELD}
          defaultValue={initial?.ExpiredDateTime.slice(0, 10)}
        />
      </div>
      <div className="flex flex-col gap-1 md:col-span-2">
        <label htmlFor={`${id}-location`} className="font-medium">
          Pickup Location
        </label>
        <input
          id={`${id}-location`}
          name="PickupLocation"
          type="text"
          required
          maxLength={200}
          className={FIELD}
          defaultValue={initial?.PickupLocation}
        />
      </div>
      <div className="flex flex-col gap-1 md:col-span-2">
        <label htmlFor={`${id}-notes`} className="font-medium">
          Additional Notes
        </label>
        <textarea
          id={`${id}-notes`}
          name="AdditionalNotes"
          required
          maxLength={1000}
          rows={4}
          className="textarea textarea-bordered w-full"
          defaultValue={initial?.AdditionalNotes}
        />
      </div>
      <div className="md:col-span-2">
        <button type="submit" className="btn btn-primary w-full" disabled={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
