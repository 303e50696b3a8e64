/**
 * Writes iCalendar files (RFC 5545) with ical-generator: one VEVENT per pickup, `UID`
 * `{request id}@{PUBLIC_URL host}` (stable for the pickup's life), its kept `SEQUENCE`,
 * UTC times (`…Z`, so no VTIMEZONE is needed), `STATUS:CANCELLED` for a cancelled one, and
 * the place as far as the viewer may see it; the words come worded (texts.ts).
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Location } from '../../contract/index.js';
import type { EntryRow } from './entries.js';

/** One entry as a viewer gets it. */
export interface ViewedEntry {
  entry: EntryRow;
  summary: string;
  description: string;
  /** The pickup place as the viewer reads it (the public one worded as approximate), and the point they may see. */
  place?: { text: string; point?: Pick<Location, 'Lat' | 'Lng'> };
  url: string;
}

/** The stable `UID` of request `requestId`'s entry under `publicUrl`. */
export function entryUid(requestId: string, publicUrl: string): string {
  return `${requestId}@${new URL(publicUrl).host}`;
}

/**
 * The text of a calendar of `entries`: `method` `CANCEL` for a single cancelled pickup's
 * file (RFC 5546 §3.2.5), `PUBLISH` otherwise (files and feeds); `name` names a feed.
 */
export function renderCalendar(entries: ViewedEntry[], publicUrl: string, method: 'PUBLISH' | 'CANCEL', name?: string): string {
  const calendar = ical({
    prodId: { company: 'Plateful', product: 'Plateful pickups', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    ...(name ? { name, ttl: 15 * 60 } : {}),
  });
  for (const v of entries) {
    const { entry } = v;
    const point = v.place?.point;
    calendar.createEvent({
      id: entryUid(entry.requestId, publicUrl),
      sequence: entry.sequence,
      stamp: entry.updatedAt,
      start: entry.startsAt,
      end: entry.endsAt,
      allDay: entry.allDay,
      summary: v.summary,
      description: v.description,
      url: v.url,
      status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(v.place
        ? {
            location: point ? { title: v.place.text, geo: { lat: point.Lat, lon: point.Lng } } : v.place.text,
          }
        : {}),
    });
  }
  return calendar.toString();
}
