/**
 * What each notification says, where it points and how far it goes: one entry
 * per event and recipient. The texts are the English sources of the server catalog's
 * `notifications.` messages (i18n/catalog.ts, ICU `{name}` placeholders); `textsOf`
 * (wording.ts) says them in the recipient's language.
 *
 * - `title`, `body`: the in-app notification; the push says the same (its body cut
 *   to `PREVIEW_CHARS` unless `pushWholeBody`), the mail's subject is `title` and its
 *   text `body` unless `mail` says otherwise.
 * - `more`: sentences added to `body`, each only when every placeholder it names has a value.
 * - `link`: the page (the contract's route table, src/contract/routes.ts); `tag`: the push tag, one per request or conversation,
 *   so a newer push replaces an older one on the device.
 * - `push`, `mail`: the kind of the recipient's push switch (push/repository.ts) and email
 *   preference (email-preferences/) that let them go; absent, that channel is not used.
 *   `action`: the words of the mail's link.
 */
import type { EmailPreferenceKey, NotificationType } from '../../contract/index.js';
import { conversationPath, foodPath, manageFoodPath, PAGES } from '../../contract/routes.js';

/** The ids a notification's link and push tag are made of (an alert's: the listing and `alertId`). */
export interface TextIds {
  foodId: string;
  requestId?: string;
  alertId?: string;
}

/** One entry of `NOTIFICATION_TEXTS` (the fields are described above). */
export interface NotificationText {
  type: NotificationType;
  title: string;
  body: string;
  more?: readonly string[];
  link: (ids: TextIds) => string;
  tag: (ids: TextIds) => string;
  push?: EmailPreferenceKey;
  pushWholeBody?: boolean;
  mail?: EmailPreferenceKey;
  action?: string;
  /** A mail that differs from the notification: its subject and paragraphs. */
  mailText?: { subject: string; paragraphs: readonly string[] };
}

const requestTag = (ids: TextIds) => `request-${ids.requestId}`;
const alertTag = (ids: TextIds) => `alert-${ids.alertId}`;

/** Every notification Plateful sends, by event and recipient. */
export const NOTIFICATION_TEXTS = {
  'request.created': {
    type: 'request.created',
    title: 'New request for {foodName}',
    body: '{requesterName} requested {foodName}.',
    more: [' Notes: {notes}'],
    link: (ids) => manageFoodPath(ids.foodId),
    tag: requestTag,
    push: 'NewRequests',
    mail: 'NewRequests',
    action: 'See the requests',
  },
  'request.delivered': {
    type: 'request.delivered',
    title: '{foodName} was delivered',
    body: '{donorName} marked your request for {foodName} as delivered.',
    // The conversation, where the feedback on the hand-over is given.
    link: (ids) => conversationPath(ids.requestId!),
    tag: requestTag,
    push: 'RequestUpdates',
    pushWholeBody: true,
    mail: 'RequestUpdates',
    action: 'See your requests',
  },
  'request.cancelled': {
    type: 'request.cancelled',
    title: 'Request for {foodName} cancelled',
    body: '{requesterName} cancelled their request for {foodName}.',
    link: (ids) => manageFoodPath(ids.foodId),
    tag: requestTag,
  },
  'food.deleted': {
    type: 'food.deleted',
    title: '{foodName} is no longer available',
    body: '{donorName} removed {foodName}, so your request was withdrawn.',
    link: () => PAGES.availableFoods.path,
    tag: requestTag,
    push: 'RequestUpdates',
    pushWholeBody: true,
    mail: 'RequestUpdates',
    action: 'Find other food',
  },
  'request.accepted': {
    type: 'request.accepted',
    title: 'Your request for {foodName} was accepted',
    body: '{donorName} accepted your request for {foodName}.',
    more: [' Pickup: {pickupTime}.', ' Note: {acceptNote}'],
    link: () => PAGES.myFoodRequests.path,
    tag: requestTag,
    push: 'RequestUpdates',
    mail: 'RequestUpdates',
    action: 'See your requests',
  },
  'request.declined': {
    type: 'request.declined',
    title: 'Your request for {foodName} was declined',
    body: '{donorName} declined your request for {foodName}.',
    more: [' Reason: {declineReason}'],
    link: () => PAGES.myFoodRequests.path,
    tag: requestTag,
    push: 'RequestUpdates',
    mail: 'RequestUpdates',
    action: 'See your requests',
  },
  'request.no_show': {
    type: 'request.no_show',
    title: '{foodName} was not collected',
    body: '{donorName} marked your accepted request for {foodName} as not collected.',
    link: () => PAGES.myFoodRequests.path,
    tag: requestTag,
    push: 'RequestUpdates',
    mail: 'RequestUpdates',
    action: 'See your requests',
  },
  'food.collected': {
    type: 'food.collected',
    title: '{foodName} has been collected',
    body: '{donorName} gave {foodName} to another neighbour, so your request was declined.',
    link: () => PAGES.myFoodRequests.path,
    tag: requestTag,
    push: 'RequestUpdates',
    mail: 'RequestUpdates',
    action: 'See your requests',
  },
  'food.expired.donor': {
    type: 'food.expired',
    title: '{foodName} has expired',
    body: '{foodName} passed its expiry date and left the public lists.',
    more: [' {openCount} open request(s) were waiting.'],
    link: (ids) => manageFoodPath(ids.foodId),
    tag: requestTag,
    push: 'RequestUpdates',
    mail: 'RequestUpdates',
    action: 'See your listing',
  },
  'food.expired.requester': {
    type: 'food.expired',
    title: '{foodName} has expired',
    body: '{foodName} passed its expiry date before it was handed over.',
    link: () => PAGES.myFoodRequests.path,
    tag: requestTag,
    push: 'RequestUpdates',
    mail: 'RequestUpdates',
    action: 'Find other food',
  },
  'pickup.reminder.requester': {
    type: 'pickup.reminder',
    title: 'Pickup of {foodName} in one hour',
    body: 'Reminder: you pick up {foodName} from {donorName} at {pickupTime}, {pickupLocation}.',
    link: () => PAGES.myFoodRequests.path,
    tag: requestTag,
    push: 'RequestUpdates',
    mail: 'RequestUpdates',
    action: 'See your requests',
  },
  'pickup.reminder.donor': {
    type: 'pickup.reminder',
    title: 'Pickup of {foodName} in one hour',
    body: 'Reminder: {requesterName} picks up {foodName} at {pickupTime}.',
    link: (ids) => manageFoodPath(ids.foodId),
    tag: requestTag,
    push: 'RequestUpdates',
    mail: 'RequestUpdates',
    action: 'See the requests',
  },
  'pickup.check': {
    type: 'pickup.check',
    title: 'Was {foodName} collected?',
    body: "Did {requesterName} collect {foodName}? Mark the request 'Delivered' or 'No-show' on its Manage Food page.",
    link: (ids) => manageFoodPath(ids.foodId),
    tag: requestTag,
    push: 'RequestUpdates',
    mail: 'RequestUpdates',
    action: 'Mark it delivered or no-show',
  },
  'message.created': {
    type: 'message.created',
    title: 'New message from {from}',
    body: '{excerpt}',
    link: (ids) => conversationPath(ids.requestId!),
    tag: (ids) => `conversation-${ids.requestId}`,
    push: 'Messages',
    mail: 'Messages',
    action: 'Reply in Plateful',
    mailText: { subject: 'New message from {from} about {foodName}', paragraphs: ['{from} wrote about {foodName}:', '{message}'] },
  },
  // Alerts (alerts/notify.ts): push and mail follow the alert's own switches, not an entry's kind.
  'alert.match': {
    type: 'alert.match',
    title: 'New for your alert: {foodName}',
    body: '{foodName} matches your alert "{alertName}".',
    link: (ids) => foodPath(ids.foodId),
    tag: alertTag,
    action: 'See the listing',
  },
  'alert.match.folded': {
    type: 'alert.match',
    title: '{count} new listings for your alert',
    body: '{count} new listings match your alert "{alertName}", the latest {foodName}.',
    link: (ids) => foodPath(ids.foodId),
    tag: alertTag,
    action: 'See the listing',
  },
  'wanted.answered': {
    type: 'wanted.answered',
    title: '{donorName} answered your Wanted post',
    body: '{donorName} listed {foodName} for your Wanted post "{title}". It is offered to you first until {offeredUntil}.',
    link: (ids) => foodPath(ids.foodId),
    tag: (ids) => `wanted-${ids.foodId}`,
    push: 'RequestUpdates',
    pushWholeBody: true,
    mail: 'RequestUpdates',
    action: 'See the listing',
  },
  'wanted.match': {
    type: 'wanted.match',
    title: '{foodName} may be what you want',
    body: '{donorName} listed {foodName} near you, which matches your Wanted post "{title}".',
    link: (ids) => foodPath(ids.foodId),
    tag: (ids) => `wanted-${ids.foodId}`,
  },
} as const satisfies Record<string, NotificationText>;

/** A key of `NOTIFICATION_TEXTS`. */
export type TextKey = keyof typeof NOTIFICATION_TEXTS;

type Holes<S> = S extends `${string}{${infer K}}${infer Rest}` ? K | Holes<Rest> : never;
type Of<E, F extends string> = E extends { [k in F]: infer V } ? (V extends readonly (infer I)[] ? I : V) : never;
type MailTexts<E> = E extends { mailText: { subject: infer S; paragraphs: readonly (infer P)[] } } ? S | P : never;

/** A placeholder's value: words, or an instant said in the reader's language and the server's time zone (wording.ts). */
export type TextValue = string | Date;

/** The values entry `K` needs: its `more` placeholders may be left undefined (the sentence is left out). */
export type TextParams<K extends TextKey> = { [P in Holes<Of<(typeof NOTIFICATION_TEXTS)[K], 'title' | 'body'> | MailTexts<(typeof NOTIFICATION_TEXTS)[K]>>]: TextValue } & {
  [P in Holes<Of<(typeof NOTIFICATION_TEXTS)[K], 'more'>>]?: TextValue | undefined;
};
