import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { HomeArea } from '../../../../contract/index.js';
import { toastFailure, toastSuccess } from '../../../lib/toast.js';
import { useHomeArea, useHomeAreaOff, useSetHomeArea } from '../api/places.js';
import { PLACES } from '../../../../contract/limits.js';
import { PlaceFinder, RadiusSelect, type PickedPoint } from './PlaceFinder.js';

/**
 * The Profile page's 'Home area': the position and radius Available
 * Foods' Near search starts from. Set by a place name or 'Use my location' with a radius,
 * saved with 'Save home area', forgotten with 'Clear home area'. Only its owner sees it.
 */
export default function HomeAreaSection({ userId }: { userId: string }) {
  const id = useId();
  const saved = useHomeArea(userId);
  const setHomeArea = useSetHomeArea(userId);
  const [, setHomeOff] = useHomeAreaOff();
  const [picked, setPicked] = useState<PickedPoint>();
  const [radius, setRadius] = useState<number>();
  const area = saved.data;
  const radiusKm = radius ?? area?.RadiusKm ?? PLACES.radiusDefaultKm;
  const next: HomeArea | undefined = picked
    ? { Name: (picked.name || picked.label).slice(0, PLACES.homeNameMax), Lat: picked.lat, Lng: picked.lng, RadiusKm: radiusKm }
    : area ? { ...area, RadiusKm: radiusKm } : undefined;

  async function save(body: HomeArea | null, done: string) {
    try {
      await setHomeArea.mutateAsync(body);
      setHomeOff(false);
      setPicked(undefined);
      setRadius(undefined);
      toastSuccess(done);
    } catch (error) {
      toastFailure(error);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        <Trans>Home area</Trans>
      </h2>
      <p aria-live="polite">
        {saved.isPending
          ? t`Loading your home area…`
          : area
            ? t`Available Foods starts near ${area.Name || t`your saved point`}, within ${area.RadiusKm} km. Only you can see it.`
            : t`No home area saved: Available Foods starts without a position.`}
      </p>
      <PlaceFinder legend={t`Set your home area`} boxLabel={t`Town or city`} onPick={setPicked} />
      {picked && <p><Trans>Chosen:</Trans> {picked.label}.</p>}
      <RadiusSelect id={`${id}-radius`} value={radiusKm} onChange={setRadius} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary flex-1" disabled={!next || setHomeArea.isPending} onClick={() => next && void save(next, 'Home area saved')}>
          <Trans>Save home area</Trans>
        </button>
        {area && (
          <button type="button" className="btn btn-outline flex-1" disabled={setHomeArea.isPending} onClick={() => void save(null, 'Home area cleared')}>
            <Trans>Clear home area</Trans>
          </button>
        )}
      </div>
    </section>
  );
}
