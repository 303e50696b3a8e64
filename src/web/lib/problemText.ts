/**
 * A failure in the interface's language (docs/api.md "Errors", docs/translating.md "Errors"): an API
 * problem's machine `code` (and each invalid field's) picks a translated text; English shows the
 * problem's own `detail` as the server wrote it (SPEC.md §8: "the error's own message"), and so does an
 * unknown code, or a text whose catalog has not loaded. Loaded with the first failure shown
 * (`lib/toast.tsx`), so none of this is in the home page's first JavaScript.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ApiError } from './http.js';
import { activeLocale, i18n, loadMessages } from './i18n.js';

/** The problem codes of docs/api.md "Errors" and their text. */
const PROBLEMS: Record<string, MessageDescriptor> = {
  invalid_request: msg`The request was not valid.`,
  unauthenticated: msg`Please log in.`,
  forbidden: msg`You are not allowed to do this.`,
  not_found: msg`This was not found. It may have been removed.`,
  conflict: msg`This cannot be done now. Reload the page and try again.`,
  duplicate: msg`This already exists.`,
  too_large: msg`This is too large.`,
  rate_limited: msg`Too many attempts. Please wait a moment and try again.`,
  unavailable: msg`The service is busy. Please try again in a moment.`,
  internal: msg`Something went wrong on our side. Please try again.`,
  own_food: msg`You cannot request your own food.`,
  food_expired: msg`This food has expired and can no longer be requested.`,
  food_collected: msg`This food has been collected and can no longer be requested.`,
  already_requested: msg`You already have an open request for this food.`,
  request_state: msg`This request cannot be changed in its current state.`,
  another_accepted: msg`Another request for this food has already been accepted.`,
  pickup_windows_passed: msg`All pickup times of this food have passed.`,
  outside_windows: msg`This time is outside the food's pickup times.`,
  window_full: msg`This pickup time is full. Please choose another.`,
  offer_stopped: msg`This offer has been stopped.`,
  not_agreed: msg`This has not been agreed yet.`,
  not_possible: msg`This is not possible.`,
  not_donor: msg`Only the donor can do this.`,
  not_requester: msg`Only the requester can do this.`,
  not_yours: msg`This is not yours.`,
  not_a_party: msg`Only the donor and the requester can do this.`,
  own_target: msg`You cannot report yourself or what is yours.`,
  already_reported: msg`You have already reported this. A moderator will look at it.`,
  already_blocked: msg`You have already blocked this person.`,
  already_given: msg`You have already left feedback for this hand-over.`,
  feedback_refused: msg`Feedback cannot be left for this hand-over.`,
  self: msg`You cannot do this to yourself.`,
  unverified: msg`This person has not verified their email address yet.`,
  named_admin: msg`This moderator is named in the server's settings and cannot be demoted here.`,
  own_wanted: msg`You cannot answer your own Wanted post.`,
  wanted_closed: msg`This Wanted post is closed: it has expired or is hidden.`,
  food_unavailable: msg`Only an available listing can answer a Wanted post.`,
  already_answered: msg`This listing already answers this Wanted post.`,
  offered_first: msg`This listing is offered first to the neighbour who asked for it. You can request it once that offer ends, at most 2 hours after it was made.`,
  photo_unsupported: msg`This file is not a photo Plateful can read (JPEG, PNG, WebP, AVIF or GIF).`,
  photo_too_large: msg`This photo is too large.`,
  photo_unreadable: msg`This photo could not be read: the file is damaged or incomplete.`,
};

/** The field codes (zod's issue codes) of a `validation_failed` problem and their text. */
const FIELD_PROBLEMS: Record<string, MessageDescriptor> = {
  too_small: msg`too short or too small`,
  too_big: msg`too long or too large`,
  invalid_type: msg`missing or of the wrong kind`,
  invalid_value: msg`not one of the allowed values`,
  invalid_format: msg`not in the expected format`,
  unrecognized_keys: msg`not expected here`,
  custom: msg`not valid`,
};

/** The text of `descriptor` in the active locale, when its catalog holds it (else undefined). */
function translated(descriptor: MessageDescriptor | undefined): string | undefined {
  if (!descriptor?.id || !(descriptor.id in i18n.messages)) return undefined;
  return i18n._(descriptor);
}

/** `err`'s text for a person: a problem's in the active locale by its code, else its own message. */
export function failureText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (!(err instanceof ApiError) || !err.problem || activeLocale() === 'en') return err.message;
  const { code, errors } = err.problem;
  if (code === 'validation_failed' && errors?.length) {
    const texts = errors.map(({ field, code: fieldCode }) => {
      const problem = translated(FIELD_PROBLEMS[fieldCode ?? '']);
      return problem && translated(msg`${field}: ${problem}`);
    });
    if (!texts.every(Boolean)) return err.message;
    const fields = texts.join('; ');
    return translated(msg`Please check: ${fields}`) ?? err.message;
  }
  return translated(PROBLEMS[code ?? '']) ?? err.message;
}

/**
 * {@link failureText} once the texts are there: in a language other than English, after the `shared` catalog
 * (which holds them) has loaded, for a failure on a page that does not show that catalog (the home page).
 */
export async function loadedFailureText(err: unknown): Promise<string> {
  if (activeLocale() !== 'en') await loadMessages(['shared']);
  return failureText(err);
}
