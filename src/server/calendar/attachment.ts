/**
 * A pickup's calendar file as a mail attachment (RFC 5545 in a `text/calendar` MIME part,
 * RFC 6047 §2.4): the same entry, `UID` and `SEQUENCE` as the file the request's page offers
 * (views.ts), so importing both gives one calendar entry.
 */
import type { Locale } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import type { requests } from '../db/schema/index.js';
import type { MailAttachment } from '../mail/mailer.js';
import { renderCalendar } from './ics.js';
import { view } from './views.js';

/**
 * The maker of request attachments under `publicUrl` at the instants `clock` gives: the
 * entry of request `row` for `viewerId` in `locale`, settled inside `tx` (the acceptance's
 * transaction), with the place as far as the viewer may see it.
 */
export function pickupAttachment(publicUrl: string, clock: () => Date) {
  return async (tx: Database, row: typeof requests.$inferSelect, viewerId: string, locale: Locale): Promise<MailAttachment | undefined> => {
    const [entry] = await view(tx, viewerId, [row], clock(), publicUrl, locale);
    if (!entry) return undefined;
    return {
      filename: 'plateful-pickup.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: renderCalendar([entry], publicUrl, 'PUBLISH'),
    };
  };
}
