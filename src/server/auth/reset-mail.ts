/**
 * The password-reset mail (DESIGN.md "Identity": password reset by email). The
 * link leads straight to the web page `/reset-password?token=…` (or the page the
 * client named as `redirectTo`), which posts the token to /api/auth/reset-password.
 */
import type { Locale } from '../../contract/index.js';
import { defineMessages } from '../i18n/catalog.js';
import { composeMail } from '../mail/compose.js';
import type { Mail } from '../mail/mailer.js';

/** Lifetime of a reset token, seconds (Better Auth `resetPasswordTokenExpiresIn`). */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/**
 * Builds the link mailed to the user.
 * @param publicUrl the origin users see, e.g. `http://localhost:3000`.
 * @param betterAuthUrl the URL Better Auth hands to `sendResetPassword`
 *   (`…/api/auth/reset-password/<token>?callbackURL=<redirectTo>`); only its
 *   `callbackURL` is used, which Better Auth has already checked against the
 *   trusted origins. Defaults to `/reset-password`.
 * @param token the reset token.
 */
export function resetLink(publicUrl: string, betterAuthUrl: string, token: string): string {
  const callback = URL.canParse(betterAuthUrl) ? new URL(betterAuthUrl).searchParams.get('callbackURL') : null;
  const link = new URL(callback || '/reset-password', `${publicUrl}/`);
  link.searchParams.set('token', token);
  return link.toString();
}

/** The reset mail's words (the server catalog's `auth.reset.` group). */
const say = defineMessages('auth.reset', {
  subject: 'Reset your Plateful password',
  body: 'Someone (hopefully you) asked to reset the password of your Plateful account.',
  link: 'Choose a new password',
  after: '{hours, plural, one {The link works once and expires in # hour.} other {The link works once and expires in # hours.}} If you did not ask for this, ignore this mail: your password stays as it is.',
});

/** The reset mail to `to` in `locale`, greeting `name`, carrying `link`. */
export function resetPasswordMail(to: string, name: string, link: string, locale: Locale = 'en'): Mail {
  const after = say(locale, 'after', { hours: RESET_TOKEN_TTL_SECONDS / 3600 });
  return composeMail({ to, name, locale, subject: say(locale, 'subject'), paragraphs: [say(locale, 'body')], link: { words: say(locale, 'link'), url: link }, after: [after] });
}
