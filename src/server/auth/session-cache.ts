/**
 * The sessions this process resolved lately, by their signed cookie value: a
 * request with a known cookie is answered without Better Auth's database lookup.
 * Correctness comes from PostgreSQL, not from the clock: every process drops an
 * entry when the NOTIFY of its session's end (`session-ended`: a sign-out, a
 * revocation, a reset), of its person's ban (`user-ended`) or of a change to the
 * person (`user-changed`: name, photo, address, verification, role) arrives, and
 * everything after its LISTEN connection was lost (events/bus.ts). A revoked
 * session thus stops on every process within the NOTIFY's delivery (milliseconds).
 * Entries also end after `SESSION_CACHE_MS`, so each active session still reaches
 * Better Auth regularly (its `updateAge` keeps "last activity" and expiry rolling).
 */
/** Longest an entry answers without a database lookup, ms. */
export const SESSION_CACHE_MS = 30_000;
/** Most entries kept; the oldest go first. */
export const SESSION_CACHE_MAX = 10_000;

/** Better Auth's session cookie names (plain and with the `__Secure-` prefix of HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The session cookie's value in a `Cookie` header, or undefined. */
export const sessionCookieOf = (cookieHeader: string | undefined) => cookieHeader?.match(SESSION_COOKIE)?.[1];

/** What the cache needs of a cached user: its id and its session's id (auth/plugin.ts's `SessionUser`). */
export interface CachedUser {
  id: string;
  sessionId?: string;
}

export class SessionCache<User extends CachedUser> {
  private readonly entries = new Map<string, { user: User; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The user of cookie value `token`, while fresh. */
  get(token: string): User | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.user;
    this.entries.delete(token);
    return undefined;
  }

  /** Remembers `user` for `token` until `expiresAt` (the session's end) or `SESSION_CACHE_MS`, whichever is first. */
  set(token: string, user: User, expiresAt: Date): void {
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { user, until: Math.min(this.now() + SESSION_CACHE_MS, expiresAt.getTime()) });
  }

  /** Forgets every entry of session `sessionId`. */
  dropSession(sessionId: string): void {
    for (const [token, e] of this.entries) if (e.user.sessionId === sessionId) this.entries.delete(token);
  }

  /** Forgets every entry of person `userId`. */
  dropUser(userId: string): void {
    for (const [token, e] of this.entries) if (e.user.id === userId) this.entries.delete(token);
  }

  /** Forgets everything (the LISTEN connection came back: events may have been missed). */
  clear(): void {
    this.entries.clear();
  }
}
