/**
 * The Account page's calls: the signed-in user's sessions under
 * `/api/account/sessions`, and the address of the data download. Failures throw `ApiError`.
 */
import type { AccountSession, CalendarLink, DeleteResult, HeldItems, UpdateResult } from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';

/** `GET /api/account/sessions`: most recently active first, the caller's marked `Current`. */
export function fetchSessions(): Promise<AccountSession[]> {
  return apiFetch<AccountSession[]>(apiUrl('/account/sessions'));
}

/** `DELETE /api/account/sessions/{id}`: signs that browser out. */
export function revokeSession(id: string): Promise<DeleteResult> {
  return apiFetch<DeleteResult>(apiUrl(`/account/sessions/${encodeURIComponent(id)}`), { method: 'DELETE' });
}

/** `DELETE /api/account/sessions`: signs out every browser but this one. */
export function revokeOtherSessions(): Promise<DeleteResult> {
  return apiFetch<DeleteResult>(apiUrl('/account/sessions'), { method: 'DELETE' });
}

/** The JSON download of everything Plateful keeps about the user (GDPR Art. 15/20). */
export const EXPORT_URL = apiUrl('/account/export');

/** `GET /api/account/held`: listings and requests held after a Google takeover. */
export function fetchHeld(): Promise<HeldItems> {
  return apiFetch<HeldItems>(apiUrl('/account/held'));
}

/** `POST /api/account/held/keep`: shows the held items again, under the user's name. */
export function keepHeld(): Promise<UpdateResult> {
  return apiFetch<UpdateResult>(apiUrl('/account/held/keep'), { method: 'POST' });
}

/** `DELETE /api/account/held`: deletes the held items. */
export function deleteHeld(): Promise<DeleteResult> {
  return apiFetch<DeleteResult>(apiUrl('/account/held'), { method: 'DELETE' });
}

/** `GET /api/account/calendar`: the personal calendar feed's secret link (made on first call). */
export function fetchCalendarLink(): Promise<CalendarLink> {
  return apiFetch<CalendarLink>(apiUrl('/account/calendar'));
}

/** `POST /api/account/calendar/rotate`: a new secret link; the old one stops working. */
export function rotateCalendarLink(): Promise<CalendarLink> {
  return apiFetch<CalendarLink>(apiUrl('/account/calendar/rotate'), { method: 'POST' });
}
