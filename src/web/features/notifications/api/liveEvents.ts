/**
 * One live event stream per browser. The signed-in tabs of one browser share one
 * `EventSource` on `/api/events`: the tab holding the Web Lock `plateful-live-events`
 * (Web Locks API) keeps the stream and relays each event to the other tabs over the
 * `BroadcastChannel` of the same name; the others wait for the lock, so when the holder
 * closes, the next tab takes the stream over at once (its first `open` counts as a
 * reconnect, so every tab refreshes what it may have missed). A browser holds one HTTP/1.1
 * connection for events however many tabs are open, out of the six it opens per origin.
 * Without Web Locks or BroadcastChannel (an insecure context) each tab has its own stream.
 */

/** The server's event types (src/server/events), plus `open` (with `reconnected`) and `closed`. */
export type LiveEventType = 'open' | 'closed' | 'unread' | 'notification' | 'message';

/** One event as every tab receives it: `data` is the server's JSON text (empty for `open`/`closed`). */
export interface LiveEvent {
  type: LiveEventType;
  data: string;
  /** On `open`: the stream is a new one after a drop or a takeover, so what was missed must be refreshed. */
  reconnected?: boolean;
}

const NAME = 'plateful-live-events';
const SERVER_TYPES = ['unread', 'notification', 'message'] as const;

/**
 * Opens this tab's own stream; `emit` gets its events, `onEnd` runs once when it ends for
 * good (the server's `closed`, or a refused connection).
 * @returns a function that closes the stream.
 */
function openStream(emit: (e: LiveEvent) => void, onEnd: () => void, tookOver: boolean): () => void {
  const source = new EventSource('/api/events', { withCredentials: true });
  let opened = false;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    source.close();
    emit({ type: 'closed', data: '' });
    onEnd();
  };
  source.addEventListener('open', () => {
    emit({ type: 'open', data: '', reconnected: opened || tookOver });
    opened = true;
  });
  // The server ended the stream for good (session ended, too many streams): no reconnect.
  source.addEventListener('closed', end);
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED) end();
  });
  for (const type of SERVER_TYPES) source.addEventListener(type, (e) => emit({ type, data: (e as MessageEvent<string>).data }));
  return () => source.close();
}

/**
 * Receives the browser's live events in this tab until the returned function is called.
 * @param onEvent called for every event, in this tab, whichever tab holds the stream.
 */
export function subscribeLiveEvents(onEvent: (e: LiveEvent) => void): () => void {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks || typeof BroadcastChannel === 'undefined') return openStream(onEvent, () => {}, false);

  const channel = new BroadcastChannel(NAME);
  channel.onmessage = (m: MessageEvent<LiveEvent>) => onEvent(m.data);
  const waiting = new AbortController();
  let closeStream: (() => void) | undefined;
  let release: (() => void) | undefined;

  /** Holds the lock (and the stream) until this tab unsubscribes or the stream ends. */
  const lead = (tookOver: boolean) =>
    new Promise<void>((resolve) => {
      release = resolve;
      const relay = (e: LiveEvent) => {
        onEvent(e);
        channel.postMessage(e);
      };
      closeStream = openStream(relay, resolve, tookOver);
    });

  void locks
    .request(NAME, { ifAvailable: true }, (lock) => (lock ? lead(false) : null))
    .then((held) => {
      if (held === null && !waiting.signal.aborted) {
        // Another tab holds the stream: relay its events, and take over when it lets go.
        return locks.request(NAME, { signal: waiting.signal }, () => lead(true));
      }
    })
    .catch(() => {
      // Unsubscribed while waiting for the lock (AbortError): nothing to undo.
    });

  return () => {
    waiting.abort();
    closeStream?.();
    release?.();
    channel.close();
  };
}
