import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import type { PickupSearch } from '../api/keys.js';

/** Which pickup times the available list keeps: any, today, this evening (from 17:00), or by a chosen time. */
export type PickupChoice = 'any' | 'today' | 'evening' | 'by';

/** The local midnight after `d`. */
const nextMidnight = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);

/**
 * The interval of a choice at `now` in this browser's time, whole minutes (so the list's
 * key changes at most once a minute): today = now until midnight; this evening = from 17:00
 * (or now, if later) until midnight; by `HH:mm` = now until that time today (tomorrow once past).
 */
export function pickupInterval(choice: PickupChoice, by: string, now: Date = new Date()): PickupSearch | undefined {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  if (choice === 'today') return { from: minute.toISOString(), until: nextMidnight(now).toISOString() };
  if (choice === 'evening') {
    const five = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 17);
    return { from: (five > minute ? five : minute).toISOString(), until: nextMidnight(now).toISOString() };
  }
  if (choice === 'by' && /^\d{2}:\d{2}$/.test(by)) {
    const [h, m] = by.split(':').map(Number);
    const until = new Date(now.getFullYear(), now.getMonth(), now.getDate(), h, m);
    if (until <= minute) until.setDate(until.getDate() + 1);
    return { from: minute.toISOString(), until: until.toISOString() };
  }
  return undefined;
}

/** The "Pickup time" select of Available Foods, with a time field for "by a time I choose". */
export function PickupTimeFilter({ choice, by, onChange }: { choice: PickupChoice; by: string; onChange: (choice: PickupChoice, by: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-when`} className="font-medium">
          <Trans>Pickup time</Trans>
        </label>
        <select id={`${id}-when`} className="input field-select" value={choice} onChange={(e) => onChange(e.target.value as PickupChoice, by)}>
          <option value="any">{t`Any time`}</option>
          <option value="today">{t`Can be picked up today`}</option>
          <option value="evening">{t`This evening`}</option>
          <option value="by">{t`By a time I choose`}</option>
        </select>
      </div>
      {choice === 'by' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-by`} className="font-medium">
            <Trans>Picked up by</Trans>
          </label>
          <input id={`${id}-by`} type="time" className="input input-bordered" value={by} onChange={(e) => onChange('by', e.target.value)} />
        </div>
      )}
    </div>
  );
}
