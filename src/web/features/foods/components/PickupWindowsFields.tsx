import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Food, FoodInput } from '../../../../contract/index.js';
import { PICKUP } from '../../../../contract/limits.js';
import { dayIn, timeIn } from '../../../lib/pickupWindows.js';
import { intlLocale } from '../../../lib/i18n.js';
import { FramedFieldset } from '../../../ui/FormCard.js';
import { RegularOfferDays } from './RegularOfferDays.js';

/** One window row of the form: local date and times in this browser's zone, capacity as typed. */
interface Row {
  key: number;
  date: string;
  from: string;
  to: string;
  capacity: string;
}

/** Short weekday names, Monday first, in the page's language (1 January 2024 was a Monday). */
const weekdays = () => [1, 2, 3, 4, 5, 6, 7].map((d) => new Intl.DateTimeFormat(intlLocale(), { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, d))));
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
let nextKey = 1;

/** The rows of a listing's windows, shown in this browser's zone. */
function rowsOf(food: Food | undefined): Row[] {
  const tz = zone();
  return (food?.PickupWindows ?? []).map((w) => ({
    key: nextKey++,
    date: dayIn(new Date(w.Start), tz),
    from: timeIn(new Date(w.Start), tz),
    to: timeIn(new Date(w.End), tz),
    capacity: w.Capacity === undefined ? '' : String(w.Capacity),
  }));
}

/** The pickup part of a food body from the form's state (see {@link PickupWindowsFields}). */
export type PickupPart = Pick<FoodInput, 'PickupWindows' | 'TimeZone' | 'Recurrence'>;

/**
 * The optional "Pickup windows" and "Repeat every week" fields of the add / update form,
 * after the spec's own fields. Times are this browser's local time; `TimeZone` is sent
 * with them. `onChange` receives the pickup part of the body: windows only when there are
 * rows (or to clear the listing's), a recurrence only when days are ticked (or, on update
 * of a regular offer, `null` when "Stop" is ticked).
 */
export function PickupWindowsFields({ initial, onChange }: { initial?: Food; onChange: (part: PickupPart) => void }) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(initial));
  const [days, setDays] = useState<number[]>([]);
  const [stop, setStop] = useState(false);

  function emit(nextRows: Row[], nextDays: number[], nextStop: boolean) {
    const windows = nextRows
      .filter((r) => r.date && r.from && r.to)
      .map((r) => {
        const start = new Date(`${r.date}T${r.from}`);
        const end = new Date(`${r.date}T${r.to}`);
        // A window ending at or before its start time ends the next day (e.g. 22:00–01:00).
        if (end <= start) end.setDate(end.getDate() + 1);
        return { Start: start.toISOString(), End: end.toISOString(), ...(r.capacity ? { Capacity: parseInt(r.capacity, 10) } : {}) };
      });
    onChange({
      ...(windows.length || initial?.PickupWindows.length ? { PickupWindows: windows, TimeZone: zone() } : {}),
      ...(nextDays.length ? { Recurrence: { Weekdays: nextDays } } : nextStop ? { Recurrence: null } : {}),
    });
  }
  const setRow = (key: number, patch: Partial<Row>) => {
    const next = rows.map((r) => (r.key === key ? { ...r, ...patch } : r));
    setRows(next);
    emit(next, days, stop);
  };
  const addRow = () => {
    const last = rows.at(-1);
    const next = [...rows, { key: nextKey++, date: last?.date ?? dayIn(new Date(), zone()), from: last?.from ?? '18:00', to: last?.to ?? '19:00', capacity: '' }];
    setRows(next);
    emit(next, days, stop);
  };
  const removeRow = (key: number) => {
    const next = rows.filter((r) => r.key !== key);
    setRows(next);
    emit(next, days, stop);
  };
  const toggleDay = (day: number) => {
    const next = days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort();
    setDays(next);
    emit(rows, next, stop);
  };

  return (
    <>
      <FramedFieldset legend={<Trans>Pickup windows (optional)</Trans>}>
        <p className="text-sm"><Trans>When people can come, in your local time. Leave empty to agree a time with each requester.</Trans></p>
        <ul className="flex flex-col gap-3">
          {rows.map((r, i) => (
            <li key={r.key} className="flex flex-wrap items-end gap-2">
              <label className="flex flex-col text-sm">
                <Trans>Day of window {i + 1}</Trans>
                <input type="date" className="input input-bordered" value={r.date} required onChange={(e) => setRow(r.key, { date: e.target.value })} />
              </label>
              <label className="flex flex-col text-sm">
                <Trans>From</Trans>
                <input type="time" className="input input-bordered" value={r.from} required onChange={(e) => setRow(r.key, { from: e.target.value })} />
              </label>
              <label className="flex flex-col text-sm">
                <Trans>Until</Trans>
                <input type="time" className="input input-bordered" value={r.to} required onChange={(e) => setRow(r.key, { to: e.target.value })} />
              </label>
              <label className="flex flex-col text-sm">
                <Trans>Pickups at most (optional)</Trans>
                <input type="number" min={1} max={PICKUP.capacityMax} className="input input-bordered w-40" value={r.capacity} onChange={(e) => setRow(r.key, { capacity: e.target.value })} />
              </label>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => removeRow(r.key)}>
                <Trans>Remove window {i + 1}</Trans>
              </button>
            </li>
          ))}
        </ul>
        {rows.length < PICKUP.windowsMax && (
          <button type="button" className="btn btn-outline btn-sm w-fit" onClick={addRow}>
            <Trans>Add a pickup window</Trans>
          </button>
        )}
      </FramedFieldset>
      {initial?.SeriesId && <RegularOfferDays seriesId={initial.SeriesId} />}
      {initial?.SeriesId ? (
        <label className="flex items-center gap-2 md:col-span-2">
          <input type="checkbox" className="field-check" checked={stop} onChange={(e) => { setStop(e.target.checked); emit(rows, days, e.target.checked); }} />
          <Trans>Stop this regular offer (no more days are listed)</Trans>
        </label>
      ) : (
        <FramedFieldset legend={<Trans>Repeat every week (optional)</Trans>} describedBy={`${id}-repeat-hint`}>
          <p id={`${id}-repeat-hint`} className="text-sm">
            <Trans>Each chosen day gets its own listing with the same pickup windows, made a week ahead.</Trans>
          </p>
          <div className="flex flex-wrap gap-3">
            {weekdays().map((name, i) => (
              <label key={name} className="flex items-center gap-1">
                <input type="checkbox" className="field-check" checked={days.includes(i + 1)} onChange={() => toggleDay(i + 1)} />
                {name}
              </label>
            ))}
          </div>
        </FramedFieldset>
      )}
    </>
  );
}
