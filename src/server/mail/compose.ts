/**
 * Plain account mails (verification, password reset, sign-in lock, suspension) in a
 * locale: a greeting, paragraphs, an optional link and closing paragraphs, as a text
 * part and an HTML part (`<html lang dir>`). The words come from the caller's catalog
 * group (src/server/i18n/catalog.ts); every value is escaped for the HTML part.
 */
import { LOCALE_INFO, type Locale } from '../../contract/index.js';
import { defineMessages } from '../i18n/catalog.js';
import type { Mail } from './mailer.js';
import { escapeHtml } from '../lib/html.js';

const say = defineMessages('mail', { hello: 'Hello {name},' });

/** A mail's greeting of `name` in `locale` ('Hello Ada,'). */
export const greeting = (locale: Locale, name: string) => say(locale, 'hello', { name });

/** What a plain mail says; `link.words` is the anchor text, shown before the URL in the text part. */
export interface PlainMail {
  to: string;
  name: string;
  locale: Locale;
  subject: string;
  paragraphs: string[];
  link?: { words: string; url: string };
  after?: string[];
}

/** The mail of `m`: text paragraphs separated by blank lines, and the same as HTML paragraphs. */
export function composeMail(m: PlainMail): Mail {
  const hello = greeting(m.locale, m.name);
  const after = m.after ?? [];
  const text = [hello, ...m.paragraphs, ...(m.link ? [`${m.link.words}:\n${m.link.url}`] : []), ...after].join('\n\n');
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    `<!doctype html>\n<html lang="${m.locale}" dir="${LOCALE_INFO[m.locale].dir}"><body style="font-family: sans-serif; line-height: 1.5">`,
    p(hello),
    ...m.paragraphs.map(p),
    ...(m.link ? [`<p><a href="${escapeHtml(m.link.url)}">${escapeHtml(m.link.words)}</a></p>`] : []),
    ...after.map(p),
    '</body></html>',
  ].join('\n');
  return { to: m.to, subject: m.subject, text, html };
}
