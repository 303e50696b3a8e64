/**
 * PostgreSQL `LISTEN` on one dedicated connection (a pooled one would go back to
 * the pool and stop hearing), kept alive: after an error or a lost connection it
 * reconnects with backoff (0.5 s doubling to 2 s: back within about 2 s
 * of the database answering again) and listens again.
 */
import pg from 'pg';

/** Longest wait between reconnection attempts, ms (about 2 s). */
const MAX_RETRY_MS = 2_000;

/**
 * Listens on `channel` at `url`; `onNotify` gets each payload, `onListening` runs
 * after every (re)connection once LISTEN holds (events sent while disconnected are
 * lost: a caller may refresh then). Resolves after the first LISTEN, with a stop function.
 * @throws when the first connection fails.
 */
export async function listenPg(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onListening: () => void = () => undefined,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let delay = 500;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    // Without a handler an 'error' would crash the process; 'end' follows it.
    c.on('error', () => undefined);
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = undefined;
      retry();
    });
    await c.connect();
    await c.query(`listen "${channel.replaceAll('"', '""')}"`);
    delay = 500;
    onListening();
  };

  const retry = () => {
    timer = setTimeout(() => {
      connect().catch(() => {
        client?.end().catch(() => undefined);
        client = undefined;
        if (!stopped) retry();
      });
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}
