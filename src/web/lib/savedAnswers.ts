/**
 * Saved answers for offline display. Every successful GET of the API's data (not auth,
 * events or photos) is kept in this browser's localStorage with the time it was read,
 * and the last signed-in user beside them; when the network fails, `apiCall` answers
 * from here and the page says it shows a saved copy (`SavedNotice`). Private answers
 * stay only as long as their user: signing out, a 401 or another user signing in
 * drops them all. Bounded to the latest {@link MAX_ENTRIES} answers and about 1 MB.
 */
const ANSWERS_KEY = 'plateful:saved-answers';
const USER_KEY = 'plateful:saved-user';
const MAX_ENTRIES = 60;
const MAX_CHARS = 1_000_000;

interface Saved {
  /** The email of the user whose answers these are; null: signed out. */
  owner: string | null;
  entries: Record<string, { data: unknown; at: number }>;
}

/** True for API reads worth keeping: data, not the session, auth, live events or image bytes. */
export function keepable(url: string): boolean {
  return url.startsWith('/api/') && !/^\/api\/(auth|events|images|jwt|logout)(\/|\?|$)/.test(url);
}

function read(): Saved {
  try {
    const saved = JSON.parse(localStorage.getItem(ANSWERS_KEY) ?? 'null') as Saved | null;
    return saved && typeof saved.entries === 'object' ? saved : { owner: null, entries: {} };
  } catch {
    return { owner: null, entries: {} };
  }
}

function write(saved: Saved): void {
  const urls = Object.keys(saved.entries).sort((a, b) => saved.entries[b]!.at - saved.entries[a]!.at);
  for (const url of urls.slice(MAX_ENTRIES)) delete saved.entries[url];
  let text = JSON.stringify(saved);
  // Too big: drop the oldest until it fits (a quota error keeps what was there).
  for (let i = Math.min(urls.length, MAX_ENTRIES) - 1; text.length > MAX_CHARS && i > 0; i--) {
    delete saved.entries[urls[i]!];
    text = JSON.stringify(saved);
  }
  try {
    localStorage.setItem(ANSWERS_KEY, text);
  } catch {
    // Storage full or blocked: offline display is a convenience.
  }
}

/** Keeps `data`, the answer of `url`, read now. */
export function saveAnswer(url: string, data: unknown): void {
  if (!keepable(url)) return;
  const saved = read();
  saved.entries[url] = { data, at: Date.now() };
  write(saved);
}

/** The saved answer of `url` and when it was read, if any; noted as shown (see {@link savedShownAt}). */
export function savedAnswer(url: string): { data: unknown; at: number } | undefined {
  const found = read().entries[url];
  if (found) {
    shownAt = shownAt === null ? found.at : Math.min(shownAt, found.at);
    for (const l of listeners) l();
  }
  return found;
}

/**
 * The signed-in user changed (null: signed out): a signed-out visitor's answers (public) carry
 * over to whoever signs in; a user's answers are dropped when they sign out or another signs in.
 */
export function ownerChanged(email: string | null): void {
  const saved = read();
  if (saved.owner === email) return;
  write({ owner: email, entries: saved.owner === null ? saved.entries : {} });
  if (!email) saveUser(null);
}

/** Remembers the user of the last session answer (null: signed out). */
export function saveUser<U>(user: U | null): void {
  try {
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_KEY);
  } catch {
    // See write().
  }
}

/** The user of the last session answer, for a start without network. */
export function savedUser<U>(): U | null {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as U | null;
  } catch {
    return null;
  }
}

// When the oldest saved answer shown since the connection was lost was read; null: none shown.
let shownAt: number | null = null;
const listeners = new Set<() => void>();

/** Subscribes to {@link savedShownAt}; going online again clears it. */
export function subscribeSaved(listener: () => void): () => void {
  listeners.add(listener);
  const online = () => {
    shownAt = null;
    listener();
  };
  window.addEventListener('online', online);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', online);
  };
}

/** When the oldest saved answer on show was read (ms since the epoch), or null when none is shown. */
export function savedShownAt(): number | null {
  return shownAt;
}

/** A new page: what the last one showed from saved answers no longer counts. */
export function clearSavedShown(): void {
  if (shownAt === null) return;
  shownAt = null;
  for (const l of listeners) l();
}
