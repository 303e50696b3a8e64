import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Food, FoodInput } from '../../../../contract/index.js';
import { LIMITS } from '../../../../contract/limits.js';
import { Field } from '../../../ui/FormCard.js';
import type { AppUser } from '../../auth/useAuth.js';
import { ownImageId } from '../../../ui/Photo.js';
import { PhotoPicker } from './PhotoPicker.js';
import { FactsFields, factsFromForm } from './FactsFields.js';
import { LocationPicker } from '../../places/components/LocationPicker.js';
import { PickupWindowsFields, type PickupPart } from './PickupWindowsFields.js';
import { Ring } from '../../../ui/Spinner.js';

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

/**
 * The add / update food form of SPEC.md §2 and §5: Food Name, Food Image URL
 * (url), Food Quantity (text, sent as an integer with parseInt), Expired Date
 * (date), Pickup Location and Additional Notes, all required; plus 'Upload photos'
 *, whose first photo fills the Food Image URL, and the optional
 * 'Approximate weight (kg)' (for the impact figures).
 */
export function FoodForm({ initial, donor, submitLabel, pending, onSubmit }: FoodFormProps) {
  const id = useId();
  const imageInput = useRef<HTMLInputElement>(null);
  // Uploaded photos; the first fills 'Food Image URL', the others are the FoodGallery.
  const initialPhotos = () =>
    initial && (initial.FoodGallery?.length || ownImageId(initial.FoodImage)) ? [initial.FoodImage, ...(initial.FoodGallery ?? [])] : [];
  const [photos, setPhotos] = useState<string[]>(initialPhotos);
  // The pickup point (the donor's form shows the exact one).
  const initialPoint = () => (initial?.Location ? { lat: initial.Location.Lat, lng: initial.Location.Lng } : undefined);
  const [point, setPoint] = useState(initialPoint);
  // Pickup windows and the weekly repeat; nothing is sent while they are untouched.
  const [pickup, setPickup] = useState<PickupPart>({});
  const [resets, setResets] = useState(0);

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
        // Optional; '' clears the weight on update.
        FoodWeightKg: text('FoodWeightKg'),
        ...factsFromForm(data),
        // Absent keeps nothing to keep; null removes a point the listing had.
        ...(point ? { Location: { Lat: point.lat, Lng: point.lng } } : initial?.Location ? { Location: null } : {}),
        ...pickup,
        Donator: { Name: donor.displayName, Image: donor.photoURL, Email: donor.email },
      },
      form,
    );
  }

  return (
    <form onSubmit={handleSubmit} onReset={() => {
        setPhotos(initialPhotos());
        setPoint(initialPoint());
        setPickup({});
        // The category and allergen choices, and the pickup windows, start again too.
        setResets((n) => n + 1);
      }} className="grid grid-cols-1 gap-5 md:grid-cols-2" aria-busy={pending}>
      <Field id={`${id}-name`} label={t`Food Name`} name="FoodName" type="text" required maxLength={LIMITS.name} defaultValue={initial?.FoodName} />
      <Field
        ref={imageInput}
        id={`${id}-image`}
        label={t`Food Image URL`}
        name="FoodImage"
        type="url"
        required
        maxLength={LIMITS.url}
        placeholder="https://"
        defaultValue={initial?.FoodImage}
      />
      <PhotoPicker photos={photos} onChange={changePhotos} />
      <Field
        id={`${id}-quantity`}
        label={t`Food Quantity`}
        name="FoodQuantity"
        type="text"
        inputMode="numeric"
        required
        defaultValue={initial?.FoodQuantity}
      />
      <Field id={`${id}-expiry`} label={t`Expired Date`} name="ExpiredDateTime" type="date" required defaultValue={initial?.ExpiredDateTime.slice(0, 10)} />
      <Field
        id={`${id}-location`}
        label={t`Pickup Location`}
        name="PickupLocation"
        type="text"
        required
        maxLength={LIMITS.location}
        className="md:col-span-2"
        defaultValue={initial?.PickupLocation}
      />
      <div className="flex flex-col gap-1 md:col-span-2">
        <label htmlFor={`${id}-notes`} className="font-medium">
          <Trans>Additional Notes</Trans>
        </label>
        <textarea
          id={`${id}-notes`}
          name="AdditionalNotes"
          required
          maxLength={LIMITS.notes}
          rows={4}
          className="input field-text w-full"
          defaultValue={initial?.AdditionalNotes}
        />
      </div>
      {/* Optional fields of later issues come after the spec's own, so its tab order stays as SPEC.md lists it. */}
      <Field
        id={`${id}-weight`}
        label={t`Approximate weight (kg)`}
        name="FoodWeightKg"
        type="number"
        min={LIMITS.weightKgMin}
        max={LIMITS.weightKgMax}
        step="any"
        inputMode="decimal"
        hint={t`Optional. Used for the impact estimates.`}
        defaultValue={initial?.FoodWeightKg}
      />
      <FactsFields key={`${initial?._id ?? 'new'}-${resets}`} initial={initial} />
      <LocationPicker value={point} onChange={setPoint} />
      <PickupWindowsFields key={resets} initial={initial} onChange={setPickup} />
      <div className="md:col-span-2">
        <button type="submit" className="btn btn-primary w-full" disabled={pending}>
          {pending && <Ring className="size-4 border-2" />}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
