/**
 * Fastify's `frameworkErrors` option: errors the router raises before any route
 * or hook runs (a malformed URL, a path parameter over `maxParamLength`) answer
 * with the same problem documents as every other error (DESIGN.md "The API")
 * instead of Fastify's own JSON, and without echoing the URL back.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './problem.js';

const DETAILS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The URL is malformed.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A part of the URL is too long.'],
};

/** Answers a router-level error as a problem document; unknown ones as 400. */
export function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const [status, detail] = DETAILS[error.code] ?? [400, 'The request is malformed.'];
  void sendProblem(reply, status, detail);
}
