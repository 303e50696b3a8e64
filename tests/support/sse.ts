/**
 * A Server-Sent Events client for tests (`app.inject` cannot stream): reads
 * `GET /api/events` of a listening server over real HTTP and parses its frames.
 * node:http without an agent, so closing the client closes its one socket (fetch's
 * pool would open another to the server, keeping `app.close()` waiting).
 */
import http from 'node:http';

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
  /** `performance.now()` when the frame was parsed. */
  at: number;
}

export interface SseClient {
  status: number;
  /** Every event received so far, in order (comments are counted in `comments`). */
  events: SseEvent[];
  comments: number;
  /** Resolves with the first event (received already or later) that `match` accepts; rejects after `timeoutMs`. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

/** Opens `url` with `cookie` (and `Last-Event-ID` when given); resolves once the answer's headers arrived. */
export async function openEvents(url: string, cookie?: string, lastEventId?: string): Promise<SseClient> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (cookie) headers.cookie = cookie;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const req = http.get(url, { headers, agent: false });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  req.on('error', () => undefined);
  const events: SseEvent[] = [];
  const waiters = new Set<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }>();
  const client: SseClient = {
    status: res.statusCode ?? 0,
    events,
    comments: 0,
    next(match, timeoutMs = 3000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const w = {
          match,
          resolve: (e: SseEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`));
        }, timeoutMs);
        waiters.add(w);
      });
    },
    close: () => req.destroy(),
  };
  if (res.statusCode !== 200) {
    res.resume();
    return client;
  }
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: SseEvent = { event: 'message', data: '', at: performance.now() };
          let fields = 0;
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) client.comments += 1;
            const m = /^(event|data|id): ?(.*)$/.exec(line);
            if (!m) continue;
            fields += 1;
            if (m[1] === 'event') e.event = m[2]!;
            else if (m[1] === 'id') e.id = m[2]!;
            else e.data += m[2]!;
          }
          if (!fields || !e.data) continue;
          events.push(e);
          for (const w of [...waiters]) {
            if (w.match(e)) {
              waiters.delete(w);
              w.resolve(e);
            }
          }
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return client;
}

/** `openEvents` for a stream that must open: rejects unless it answered 200; resolves once its first `unread` event came. */
export async function openReady(url: string, cookie: string): Promise<SseClient> {
  const s = await openEvents(url, cookie);
  if (s.status !== 200) throw new Error(`GET /api/events answered ${s.status}`);
  await s.next((e) => e.event === 'unread');
  return s;
}
