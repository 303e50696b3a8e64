/**
 * The notification texts (texts.ts) in a reader's language: their English sources
 * are the server catalog's `notifications.` group (i18n/catalog.ts), and instants
 * are said in the reader's language, in the server's time zone.
 */
import dayjs from 'dayjs';
import type { Locale } from '../../contract/index.js';
import { defineMessages } from '../i18n/catalog.js';
import { NOTIFICATION_TEXTS, type NotificationText, type TextKey, type TextValue } from './texts.js';

/** The English source of every text of `NOTIFICATION_TEXTS`, `<entry>.<field>` → message (the server catalog's `notifications.` group). */
const SOURCES: Record<string, string> = {};
for (const [key, e] of Object.entries(NOTIFICATION_TEXTS) as [TextKey, NotificationText][]) {
  SOURCES[`${key}.title`] = e.title;
  SOURCES[`${key}.body`] = e.body;
  e.more?.forEach((m, i) => (SOURCES[`${key}.more.${i}`] = m));
  if (e.action) SOURCES[`${key}.action`] = e.action;
  if (e.mailText) {
    SOURCES[`${key}.mailSubject`] = e.mailText.subject;
    e.mailText.paragraphs.forEach((p, i) => (SOURCES[`${key}.mailParagraph.${i}`] = p));
  }
}
const say = defineMessages('notifications', SOURCES);

/** An instant in `locale`, the server's time zone: English as before ('4 June 2030, 6:30 pm'), others through `Intl`. */
const instant = (at: Date, locale: Locale) =>
  locale === 'en' ? dayjs(at).format('D MMMM YYYY, h:mm a') : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(at);

/** The placeholder names of an English source text. */
const holes = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);

/** What entry `key` says in `locale`, filled with `params`: the notification's title and body, the mail's subject, paragraphs and link words. */
export function textsOf(key: TextKey, locale: Locale, given: Readonly<Record<string, TextValue | undefined>>) {
  const e: NotificationText = NOTIFICATION_TEXTS[key];
  const params = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v instanceof Date ? instant(v, locale) : v]));
  const text = (field: string, template: string) => {
    for (const name of holes(template)) if (params[name] === undefined) throw new Error(`notification text: no value for {${name}}`);
    return say(locale, `${key}.${field}`, params);
  };
  // `more` sentences only when each placeholder they name has a non-empty value.
  const more = (e.more ?? []).map((m, i) => (holes(m).every((name) => params[name]) ? text(`more.${i}`, m) : '')).join('');
  const title = text('title', e.title);
  const body = text('body', e.body) + more;
  return {
    title,
    body,
    action: e.action ? text('action', e.action) : '',
    subject: e.mailText ? text('mailSubject', e.mailText.subject) : title,
    paragraphs: e.mailText ? e.mailText.paragraphs.map((p, i) => text(`mailParagraph.${i}`, p)) : [body],
  };
}
