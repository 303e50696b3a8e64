/**
 * The one way a notification goes out: `tell` writes the in-app notification
 * (repository.ts, with its live event) and queues the push and the mail in the
 * outbox, all through the event's transaction, so they exist exactly when the
 * event does and leave only after it commits. What is said and on which channels
 * comes from `NOTIFICATION_TEXTS` (texts.ts), in the recipient's chosen language (English
 * when they chose none).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { wantsMail } from '../email-preferences/repository.js';
import { enqueueMail, type EnqueueOptions } from '../outbox/outbox.js';
import { enqueuePushes } from '../push/repository.js';
import { PREVIEW_CHARS, PUSH_DELIVERY } from './limits.js';
import { notificationMail, type MailSettings } from './mails.js';
import { addNotification } from './repository.js';
import { NOTIFICATION_TEXTS, type NotificationText, type TextIds, type TextKey, type TextParams, type TextValue } from './texts.js';
import { textsOf } from './wording.js';
import { languageOf } from '../i18n/repository.js';
import { SOURCE_LOCALE, type Locale } from '../../contract/index.js';
import type { MailAttachment } from '../mail/mailer.js';

/** `text` cut to `PREVIEW_CHARS` characters, the last one an ellipsis. */
export const preview = (text: string) => (text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text);

/** How one notification travels besides its texts. */
export interface Delivery {
  /** Who caused it: repeats from one actor fold (repository.ts); pushes count against their per-sender cap. */
  actorId?: string;
  /** When the push and mail leave and what drops them (the outbox's options). */
  queue?: Pick<EnqueueOptions, 'delayMs' | 'dropKey'>;
  /** False when a throttle holds the push back (default true when the entry pushes). */
  push?: boolean;
  /** False when a throttle holds the mail back (default true when the entry mails). */
  mail?: boolean;
  /** The files the mail carries, made in the recipient's language only when the mail goes. */
  attach?: (locale: Locale) => Promise<MailAttachment[]>;
  /** An unread notification of the recipient to fold into instead of a new one (repository.ts). */
  foldInto?: string;
  /**
   * The switches of what the person set up (an alert's `Push` and `Email`), in place of the
   * entry's push switch and email preference; its mail's unsubscribe link stops only it.
   */
  own?: { push: boolean; mail: boolean; unsubscribeUrl: string; why: 'Alerts' };
}

/** The `tell` of a notifier whose mails link to `settings.publicUrl` and sign unsubscribe links with `settings.secret`. */
export function teller(settings: MailSettings) {
  /**
   * Tells `userId` what entry `key` says, filled with `params`; the link and push tag come
   * from `ids`. The push goes when the entry has one and the recipient's switch of its kind
   * is on; the mail when the entry has one and their email preference allows it, to their
   * current name and address. With `d.own`, its switches decide instead. Resolves with the
   * notification's id.
   */
  return async function tell<K extends TextKey>(tx: Database, key: K, userId: string, ids: TextIds, params: TextParams<K>, d: Delivery = {}): Promise<string> {
    const entry: NotificationText = NOTIFICATION_TEXTS[key];
    const locale = (await languageOf(tx, userId)) ?? SOURCE_LOCALE;
    const { title, body, action, subject, paragraphs } = textsOf(key, locale, params as Record<string, TextValue | undefined>);
    const link = entry.link(ids);
    const actor = d.actorId ? { actorId: d.actorId } : {};
    const id = await addNotification(tx, { userId, type: entry.type, title, body, link, ...actor, ...(d.foldInto ? { foldInto: d.foldInto } : {}) });
    const queue = { ...d.queue, ...actor };
    const pushKind = d.own ? (d.own.push ? null : undefined) : entry.push;
    if (pushKind !== undefined && d.push !== false) {
      const delivery = PUSH_DELIVERY[entry.type];
      if (!delivery) throw new Error(`notification ${entry.type} pushes without a PUSH_DELIVERY`);
      const push = { Title: title, Body: entry.pushWholeBody ? body : preview(body), Link: link, Tag: entry.tag(ids) };
      await enqueuePushes(tx, userId, pushKind, push, delivery, queue);
    }
    if (d.mail === false) return id;
    if (d.own ? !d.own.mail : !entry.mail || !(await wantsMail(tx, userId, entry.mail))) return id;
    const [user] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return id;
    const stop = d.own ? { unsubscribeUrl: d.own.unsubscribeUrl, why: d.own.why } : { key: entry.mail! };
    const mail = notificationMail(settings, { to: user.email, name: user.name, userId, ...stop, subject, paragraphs, path: link, action, locale });
    await enqueueMail(tx, d.attach ? { ...mail, attachments: await d.attach(locale) } : mail, queue);
    return id;
  };
}
