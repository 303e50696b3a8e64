/**
 * Email verification: sign-up mails a link valid 24 hours through the
 * outbox; opening it marks the address verified and lands on `/`. Unverified
 * accounts may do everything the spec shows (the web client shows a banner), so
 * nothing is gated on it; verification only decides whether a Google identity may
 * join the account without removing its password (linking.ts).
 *
 * The link does not sign anyone in (`autoSignInAfterVerification` off): a mailed
 * link that makes a session would be a login token in a mailbox, forwarded mails
 * and link scanners included. After the first use it changes nothing.
 */
import type { BetterAuthOptions } from 'better-auth/minimal';
import type { Database } from '../db/client.js';
import type { Locale } from '../../contract/index.js';
import { defineMessages } from '../i18n/catalog.js';
import { recipientLocale } from '../i18n/negotiate.js';
import { composeMail } from '../mail/compose.js';
import type { Mail } from '../mail/mailer.js';
import { enqueueMail } from '../outbox/outbox.js';

/** Lifetime of a verification link, seconds (24 h). */
export const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

/** Where an opened verification link lands: the client shows 'Email verified' there. */
export const VERIFIED_PATH = '/?verified=1';

/** The verification mail's words (the server catalog's `auth.verify.` group). */
const say = defineMessages('auth.verify', {
  subject: 'Verify your Plateful email address',
  body: 'Please confirm that this is your email address.',
  link: 'Verify my email address',
  after: 'The link works for 24 hours. If you did not create a Plateful account, ignore this mail.',
});

/** Subject of the verification mail in English. */
export const VERIFICATION_SUBJECT = say('en', 'subject');

/**
 * The link mailed to the user: Better Auth's `/api/auth/verify-email?token=…`
 * on our public origin, coming back to `/?verified=1`, where the client says the address
 * is verified (or to the page the client named, which Better Auth has checked against the trusted origins).
 */
export function verificationLink(publicUrl: string, betterAuthUrl: string): string {
  const given = new URL(betterAuthUrl);
  const link = new URL('/api/auth/verify-email', `${publicUrl}/`);
  link.searchParams.set('token', given.searchParams.get('token') ?? '');
  // Better Auth's sign-up names '/' when the client named nothing: the landing that says "verified" instead.
  const back = given.searchParams.get('callbackURL');
  link.searchParams.set('callbackURL', !back || back === '/' ? VERIFIED_PATH : back);
  return link.toString();
}

/** The verification mail to `to` in `locale`, greeting `name`, carrying `link`. */
export function verificationMail(to: string, name: string, link: string, locale: Locale = 'en'): Mail {
  const words = (key: 'subject' | 'body' | 'link' | 'after') => say(locale, key);
  return composeMail({ to, name, locale, subject: words('subject'), paragraphs: [words('body')], link: { words: words('link'), url: link }, after: [words('after')] });
}

/** Better Auth's `emailVerification` options: mails through the outbox on `db`. */
export function emailVerificationOptions(publicUrl: string, db: Database): NonNullable<BetterAuthOptions['emailVerification']> {
  return {
    sendOnSignUp: true,
    sendOnSignIn: false,
    autoSignInAfterVerification: false,
    expiresIn: VERIFICATION_TTL_SECONDS,
    async sendVerificationEmail({ user, url }, request) {
      const locale = await recipientLocale(db, user.id, request?.headers);
      await enqueueMail(db, verificationMail(user.email, user.name, verificationLink(publicUrl, url), locale));
    },
  };
}
