/**
 * The mail telling an account's owner that password sign-in is paused after too
 * many failed attempts from unknown addresses (`sign-in-guard.ts`).
 */
import type { Mail } from '../mail/mailer.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail to `to`, greeting `name`; `resetPage` is the web page asking for a reset link; `failures` the limit spent. */
export function accountLockedMail(to: string, name: string, resetPage: string, failures: number): Mail {
  const lines = [
    `Hello ${name},`,
    '',
    `Someone got the password of your Plateful account wrong ${failures} times today from places you have never signed in from.`,
    'To keep your account safe, password sign-in from new places is paused until you reset your password.',
    'Sign-in keeps working from the devices and networks you used before.',
    '',
    'Reset your password here:',
    resetPage,
    '',
    'If these attempts were yours, a reset also lets you in again.',
  ];
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>Someone got the password of your Plateful account wrong ${failures} times today from places you have never signed in from.</p>
<p>To keep your account safe, password sign-in from new places is paused until you reset your password.
Sign-in keeps working from the devices and networks you used before.</p>
<p><a href="${escapeHtml(resetPage)}">Reset your password</a></p>
<p>If these attempts were yours, a reset also lets you in again.</p>`;
  return { to, subject: 'Password sign-in to your Plateful account is paused', text: lines.join('\n'), html };
}
