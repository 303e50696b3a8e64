/**
 * Slow clients and shutdown: Fastify/Node server options so a client
 * that trickles its headers or body is cut, and a SIGTERM drains quickly.
 */
import type { Config } from '../config.js';

/**
 * Server options from `config.requestTimeoutMs` (default 20 s): the whole request
 * (headers and body) must arrive within it, else Node answers 408 and closes the
 * socket. Node checks running requests every `connectionsCheckingInterval`, so a
 * slow-body upload is cut within requestTimeout + 1 s (< 30 s by default).
 */
export function serverTimeouts(config: Pick<Config, 'requestTimeoutMs'>) {
  const requestTimeout = config.requestTimeoutMs;
  return {
    requestTimeout,
    // A socket silent for twice that long (e.g. a client that stopped reading) is dropped.
    connectionTimeout: requestTimeout * 2,
    // Idle keep-alive sockets close after 5 s: fewer to drain, below common proxies' 60 s.
    keepAliveTimeout: 5_000,
    // Closing: idle keep-alive sockets are closed at once, in-flight requests finish
    // and are answered with `Connection: close` (requests arriving meanwhile on an
    // open socket are served too, rather than refused with Fastify's non-problem 503).
    forceCloseConnections: 'idle' as const,
    return503OnClosing: false,
    http: {
      headersTimeout: Math.min(requestTimeout, 10_000),
      requestTimeout,
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(requestTimeout / 4))),
    },
  };
}
