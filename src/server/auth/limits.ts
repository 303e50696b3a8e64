/**
 * Sign-in and sign-up limits (DESIGN.md "Identity": sign-in and sign-up are rate
 * limited). Defaults are generous enough for the browser tests, which register and
 * sign in a handful of users from one address within a minute.
 */
import type { Limit } from '../http/limits.js';

/** Better Auth's per-IP limits (its `rateLimit` option, keyed on `x-forwarded-for` = req.ip, which TRUST_PROXY decides). */
export const AUTH_IP_LIMITS = {
  /** Every other `/api/auth/*` call. */
  default: { max: 200, windowSeconds: 60 },
  signIn: { max: 30, windowSeconds: 60 },
  signUp: { max: 30, windowSeconds: 60 },
  passwordReset: { max: 5, windowSeconds: 60 },
} as const satisfies Record<string, Limit>;

/**
 * Failed email sign-ins per account *and* address (key `signin:<email>|<ip>`):
 * stops password guessing without letting an attacker lock the owner out, who
 * signs in from another address.
 */
export const SIGN_IN_PAIR_LIMIT: Limit = { max: 10, windowSeconds: 15 * 60 };

/**
 * Failed email sign-ins per address, whatever the account (key `signin-ip:<ip>`):
 * one address cannot walk through many accounts.
 */
export const SIGN_IN_ADDRESS_LIMIT: Limit = { max: 50, windowSeconds: 15 * 60 };

/**
 * Failed email sign-ins per account from every address it never signed in from
 * (key `signin-account:<email>`): past it the account signs in only
 * through a password-reset link (which clears the count), and its owner is told
 * by mail once. Addresses the account signed in from before are not counted.
 */
export const SIGN_IN_ACCOUNT_LIMIT: Limit = { max: 100, windowSeconds: 24 * 60 * 60 };
