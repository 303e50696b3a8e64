/**
 * The password-reset mail (DESIGN.md "Identity": password reset by email). The
 * link leads straight to the web page `/reset-password?token=…` (or the page the
 * client named as `redirectTo`), which posts the token to /api/auth/reset-password.
 */
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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reset mail to `to`, greeting `name`, carrying `link`. */
export function resetPasswordMail(to: string, name: string, link: string): Mail {
  const hours = RESET_TOKEN_TTL_SECONDS / 3600;
  const lines = [
    `Hello ${name},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Plateful account.',
    'Open this link to choose a new password:',
    '',
    link,
    '',
    `The link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}.`,
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ];
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>Someone (hopefully you) asked to reset the password of your Plateful account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}.
If you did not ask for this, ignore this mail: your password stays as it is.</p>`;
  return { to, subject: 'Reset your Plateful password', text: lines.join('\n'), html };
}
