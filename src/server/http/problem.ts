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

// PostgreSQL / driver signals that the database cannot be reached (SQLSTATE class 08, 57P0x).
const UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

function pgCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || code.startsWith('E'))) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

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
      const code = pgCode(error);
      if (code === '23505') {
        status = 409;
        detail = 'This conflicts with an existing record.';
      } else if (code && UNAVAILABLE.has(code)) {
        status = 503;
        detail = 'The database is unavailable. Please try again shortly.';
      }
    }

    if (status >= 500) req.log.error({ err: error }, 'request failed');
    if (status === 429 || status === 503) reply.header('retry-after', '30');
    return reply.status(status).type('application/problem+json').send(problemBody(status, detail, errors));
  });
}
