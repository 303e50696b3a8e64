/**
 * The mails: a text and an HTML part, a link to the page in the app,
 * and one-click unsubscribe headers (RFC 8058 §3.1: `List-Unsubscribe` with an
 * https or http URL and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
 */
import { LOCALE_INFO, type EmailPreferenceKey, type Locale } from '../../contract/index.js';
import { defineMessages } from '../i18n/catalog.js';
import { greeting } from '../mail/compose.js';
import { PAGES } from '../../contract/routes.js';
import { unsubscribeUrl } from '../email-preferences/unsubscribe.js';
import type { OutboxMail } from '../outbox/outbox.js';
import { escapeHtml } from '../lib/html.js';

/** What every mail needs to know about the server. */
export interface MailSettings {
  publicUrl: string;
  /** Signs unsubscribe tokens (the auth secret). */
  secret: string;
}

/** The mails' own words (the server catalog's `mail.` group). */
const say = defineMessages('mail', {
  footer: 'You get this mail for {why} on Plateful.',
  stop: 'Stop these mails',
  settings: 'All email settings',
  'why.NewRequests': 'new requests for your food',
  'why.RequestUpdates': 'updates to your requests',
  'why.Messages': 'new messages',
  'why.Alerts': 'an alert you saved',
});

/** Why a mail comes and how to stop it: an email preference, or a link of its own (an alert's) with its reason. */
export type MailStop = { key: EmailPreferenceKey } | { unsubscribeUrl: string; why: 'Alerts' };

/**
 * A notification mail to `to` (greeting `name`) for mail type `key` of user `userId` (or with
 * its own `unsubscribeUrl` and reason `why`), in `locale`.
 * @param paragraphs the text, one paragraph each; plain text, escaped for the HTML part.
 * @param path the page of the app the mail points to, e.g. `/requests/<id>`.
 * @param action the words of the link, e.g. 'Open the conversation'.
 */
export function notificationMail(
  s: MailSettings,
  m: { to: string; name: string; userId: string; subject: string; paragraphs: string[]; path: string; action: string; locale: Locale } & MailStop,
): OutboxMail {
  const link = `${s.publicUrl}${m.path}`;
  const unsubscribe = 'key' in m ? unsubscribeUrl(s.publicUrl, s.secret, m.userId, m.key) : m.unsubscribeUrl;
  const why = say(m.locale, `why.${'key' in m ? m.key : m.why}`);
  const settings = `${s.publicUrl}${PAGES.notificationSettings.path}`;
  const hello = greeting(m.locale, m.name);
  const footer = say(m.locale, 'footer', { why });
  const stop = say(m.locale, 'stop');
  const all = say(m.locale, 'settings');
  const { dir } = LOCALE_INFO[m.locale];
  const text = [hello, ...m.paragraphs, `${m.action}: ${link}`, `-- \n${footer}\n${stop}: ${unsubscribe}\n${all}: ${settings}`].join('\n\n');
  const html = `<!doctype html>
<html lang="${m.locale}" dir="${dir}"><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(hello)}</p>
${m.paragraphs.map((p) => `<p style="white-space: pre-line">${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(m.action)}</a></p>
<hr>
<p style="font-size: 12px; color: #555">${escapeHtml(footer)}
<a href="${escapeHtml(unsubscribe)}">${escapeHtml(stop)}</a> ·
<a href="${escapeHtml(settings)}">${escapeHtml(all)}</a></p>
</body></html>`;
  return {
    to: m.to,
    subject: m.subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
