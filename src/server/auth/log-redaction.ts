/**
 * Keeps one-time secrets out of request logs: the password-reset page is opened
 * as `/reset-password?token=…`, Better Auth's reset callback as
 * `/api/auth/reset-password/<token>`, and the OAuth callback carries `code` and
 * `state`. Fastify logs every request URL at info level, so these are masked.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|code|state)=)[^&#]*/gi;
const RESET_PATH = /(\/api\/auth\/reset-password\/)[^/?#]+/i;

/** `url` with the values of `token`, `code` and `state` and the reset path token replaced by `[redacted]`. */
export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]').replace(RESET_PATH, '$1[redacted]');
}

/** Fastify's default `req` log serializer, with `redactUrlSecrets` applied to the URL. */
export function requestLogSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrlSecrets(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
