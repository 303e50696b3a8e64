/**
 * The mail telling an account's owner that password sign-in is paused after too
 * many failed attempts from unknown addresses (`sign-in-guard.ts`).
 */
import type { Locale } from '../../contract/index.js';
import { defineMessages } from '../i18n/catalog.js';
import { composeMail } from '../mail/compose.js';
import type { Mail } from '../mail/mailer.js';

/** The lock mail's words (the server catalog's `auth.lock.` group). */
const say = defineMessages('auth.lock', {
  subject: 'Password sign-in to your Plateful account is paused',
  body: 'Someone got the password of your Plateful account wrong {failures} times today from places you have never signed in from.',
  paused: 'To keep your account safe, password sign-in from new places is paused until you reset your password. Sign-in keeps working from the devices and networks you used before.',
  link: 'Reset your password',
  after: 'If these attempts were yours, a reset also lets you in again.',
});

/** The mail to `to` in `locale`, greeting `name`; `resetPage` is the web page asking for a reset link; `failures` the limit spent. */
export function accountLockedMail(to: string, name: string, resetPage: string, failures: number, locale: Locale = 'en'): Mail {
  return composeMail({
    to,
    name,
    locale,
    subject: say(locale, 'subject'),
    paragraphs: [say(locale, 'body', { failures }), say(locale, 'paused')],
    link: { words: say(locale, 'link'), url: resetPage },
    after: [say(locale, 'after')],
  });
}
