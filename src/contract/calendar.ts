/** Calendars (RFC 5545): the personal feed's secret link (docs/api.md "Calendars"). */
import { z } from 'zod';

/** Answer of `GET /api/account/calendar` and `POST /api/account/calendar/rotate`: the feed's secret link. */
export const CalendarLink = z.object({ Url: z.string() });
export type CalendarLink = z.infer<typeof CalendarLink>;

/** Path parameter of `GET /api/calendar/{token}.ics`: the token, with or without the `.ics` ending. */
export const CalendarFeedParams = z.object({ file: z.string().max(100) });
