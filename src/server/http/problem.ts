/**
 * RFC 9457 problem documents: the one error shape of the API (DESIGN.md "The API").
 * `problem()` builds a throwable error; `registerProblemHandler` maps every error
 * (ours, validation, Fastify's, database) to `application/problem+json` without
 * stack traces or SQL.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Problem } from '../../contract/index.js';
import { errorCode, isDatabaseUnavailable } from '../db/errors.js';

export type FieldError = { field: string; message: string };

/** An error that carries the status and detail of its problem document. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
  }
}

/** Builds an `HttpProblem` to throw, e.g. `throw problem(403, 'This listing is not yours.')`. */
export function problem(status: number, detail: string, errors?: FieldError[]): HttpProblem {
  return new HttpProblem(status, detail, errors);
}

/** The problem document body for `status` (RFC 9457 §3.1). */
export function problemBody(status: number, detail: string, errors?: FieldError[]): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(errors?.length ? { errors } : {}),
  };
}

/** Retry-After of a 503 while the database is unavailable, seconds. */
export const RETRY_AFTER_UNAVAILABLE = 2;

/** Installs the error handler that turns any thrown error into a problem document. */
export function registerProblemHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    let status = 500;
    let detail = 'Something went wrong on our side. Please try again.';
    let errors: FieldError[] | undefined;

    if (error instanceof HttpProblem) {
      ({ status, detail, errors } = error);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      errors = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'request'),
        message: v.message ?? 'is invalid',
      }));
      detail = `Invalid ${error.validationContext ?? 'request'}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      detail = status === 413 ? 'The request body is too large.' : error.message;
    } else {
      if (errorCode(error) === '23505') {
        status = 409;
        detail = 'This conflicts with an existing record.';
      } else if (isDatabaseUnavailable(error)) {
        status = 503;
        detail = 'The database is unavailable or busy. Please try again shortly.';
      }
    }

    if (status === 503) req.log.warn({ err: { message: error.message, code: errorCode(error) } }, 'database unavailable');
    else if (status >= 500) req.log.error({ err: error }, 'request failed');
    // A database outage is expected to pass within seconds (issue 10).
    if (status === 429 || status === 503) reply.header('retry-after', status === 503 ? String(RETRY_AFTER_UNAVAILABLE) : '30');
    return reply.status(status).type('application/problem+json').send(problemBody(status, detail, errors));
  });
}
