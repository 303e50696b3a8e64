/**
 * The mails: a text and an HTML part, a link to the page in the app,
 * and one-click unsubscribe headers (RFC 8058 §3.1: `List-Unsubscribe` with an
 * https or http URL and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
 */
import type { EmailPreferenceKey } from '../../contract/index.js';
import { PAGES } from '../../contract/routes.js';
import { unsubscribeUrl } from '../email-preferences/unsubscribe.js';
import type { OutboxMail } from '../outbox/outbox.js';

/** What every mail needs to know about the server. */
export interface MailSettings {
  publicUrl: string;
  /** Signs unsubscribe tokens (the auth secret). */
  secret: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const WHY: Record<EmailPreferenceKey, string> = {
  NewRequests: 'new requests for your food',
  RequestUpdates: 'updates to your requests',
  Messages: 'new messages',
};

/**
 * A notification mail to `to` (greeting `name`) for mail type `key` of user `userId`.
 * @param paragraphs the text, one paragraph each; plain text, escaped for the HTML part.
 * @param path the page of the app the mail points to, e.g. `/requests/<id>`.
 * @param action the words of the link, e.g. 'Open the conversation'.
 */
export function notificationMail(
  s: MailSettings,
  m: { to: string; name: string; userId: string; key: EmailPreferenceKey; subject: string; paragraphs: string[]; path: string; action: string },
): OutboxMail {
  const link = `${s.publicUrl}${m.path}`;
  const unsubscribe = unsubscribeUrl(s.publicUrl, s.secret, m.userId, m.key);
  const settings = `${s.publicUrl}${PAGES.notificationSettings.path}`;
  const footer = `You get this mail for ${WHY[m.key]} on Plateful.`;
  const text = [
    `Hello ${m.name},`,
    ...m.paragraphs,
    `${m.action}: ${link}`,
    `-- \n${footer}\nStop these mails: ${unsubscribe}\nAll email settings: ${settings}`,
  ].join('\n\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Hello ${escapeHtml(m.name)},</p>
${m.paragraphs.map((p) => `<p style="white-space: pre-line">${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(m.action)}</a></p>
<hr>
<p style="font-size: 12px; color: #555">${escapeHtml(footer)}
<a href="${escapeHtml(unsubscribe)}">Stop these mails</a> ·
<a href="${escapeHtml(settings)}">All email settings</a></p>
</body></html>`;
  return {
    to: m.to,
    subject: m.subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
