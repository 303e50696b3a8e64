/**
 * What calendar entries say (the server catalog's `calendar.` group, docs/translating.md):
 * the summary and description of a pickup as its donor or its requester reads it, a
 * cancelled one, the public point's place wording and the feed's name, in the reader's
 * language (i18n/negotiate.ts `recipientLocale`).
 */
import type { Locale } from '../../contract/index.js';
import { defineMessages } from '../i18n/catalog.js';

/** The calendar texts in a locale. */
export const sayCalendar = defineMessages('calendar', {
  'summary.donor': 'Hand over {foodName} to {requesterName}',
  'summary.requester': 'Pick up {foodName} from {donorName}',
  'description.donor': '{requesterName} picks up {foodName} (Plateful).',
  'description.requester': '{donorName} hands over {foodName} (Plateful).',
  'cancelled.donor': 'Cancelled: hand-over of {foodName}',
  'cancelled.requester': 'Cancelled: pickup of {foodName}',
  'cancelled.description': 'This pickup was cancelled (Plateful).',
  approximate: '{place} (approximate area)',
  feedName: 'Plateful pickups',
});

/** The words of one pickup for the donor (`asDonor`) or the requester, in `locale`. */
export function pickupWords(locale: Locale, asDonor: boolean, names: { foodName: string; donorName: string; requesterName: string }) {
  const side = asDonor ? 'donor' : 'requester';
  return { summary: sayCalendar(locale, `summary.${side}`, names), description: sayCalendar(locale, `description.${side}`, names) };
}
