/**
 * Graceful shutdown on SIGTERM/SIGINT:
 * stop accepting, close idle keep-alive connections at once, let in-flight
 * requests finish (each answered with `Connection: close`), close the database,
 * exit 0; after `timeoutMs` whatever still runs is cut and the exit code is 1.
 */
import type { FastifyInstance } from 'fastify';

/** Apps whose shutdown has begun: their answers say `Connection: close`. */
const closing = new WeakSet<FastifyInstance>();

/**
 * Adds the hook that answers every request still running once shutdown began
 * with `Connection: close` (Node alone kept some of them alive), so
 * their sockets close after the answer instead of being cut later.
 */
export function registerClosingAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply) => {
    if (closing.has(app)) reply.header('connection', 'close');
  });
}

/** Closes `app` gracefully; resolves with the exit code (0 drained, 1 forced or failed). */
export function shutdown(app: FastifyInstance, timeoutMs: number): Promise<number> {
  closing.add(app);
  // A keep-alive socket whose request was in flight at close time becomes idle
  // after its answer; Node only closes the ones idle at the moment of close().
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  return new Promise<number>((resolve) => {
    const force = setTimeout(() => {
      app.log.warn(`shutdown: requests still running after ${timeoutMs} ms, cut`);
      app.server.closeAllConnections();
      resolve(1);
    }, timeoutMs);
    app.close().then(
      () => resolve(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        resolve(1);
      },
    ).finally(() => {
      clearTimeout(force);
      clearInterval(reaper);
    });
  });
}
