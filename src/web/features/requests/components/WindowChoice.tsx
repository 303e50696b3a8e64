import type { PickupWindow } from '../../../../contract/index.js';
import { leftWords, windowWords } from '../../../lib/pickupWindows.js';

/**
 * A radio group of a listing's upcoming pickup windows (in the listing's zone, with what
 * is left of each); a full window cannot be chosen. The chosen window's start is the form
 * value `name`; the first option, `noneLabel`, sends no time.
 */
export function WindowChoice({
  windows,
  timeZone,
  name,
  legend,
  noneLabel,
  defaultStart,
}: {
  windows: PickupWindow[];
  timeZone: string;
  name: string;
  legend: string;
  noneLabel: string;
  defaultStart?: string;
}) {
  const fits = (w: PickupWindow) => defaultStart !== undefined && Date.parse(w.Start) <= Date.parse(defaultStart) && Date.parse(defaultStart) < Date.parse(w.End);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium">{legend}</legend>
      <label className="flex items-center gap-2">
        <input type="radio" className="field-check" name={name} value="" defaultChecked={!windows.some(fits)} />
        {noneLabel}
      </label>
      {windows.map((w) => (
        <label key={w.Start} className="flex items-center gap-2">
          <input type="radio" className="field-check" name={name} value={fits(w) ? defaultStart : w.Start} disabled={w.Left === 0 && !fits(w)} defaultChecked={fits(w)} />
          {windowWords(w, timeZone)}
          {w.Capacity !== undefined && <span className="text-sm">({leftWords(w)})</span>}
        </label>
      ))}
    </fieldset>
  );
}
