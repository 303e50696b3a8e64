/**
 * One log line per request, written when its answer is sent: the request (method, URL
 * with secrets masked, host, client address: auth/log-redaction.ts), the status and the
 * milliseconds it took. Fastify's default writes two (`incoming request` on arrival,
 * `request completed` with the status), which cost as much CPU as a list's validation;
 * the first told nothing the second does not.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Fastify's `logController` writing the one line per request. */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
