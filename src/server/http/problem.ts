/**
 * RFC 9457 problem documents: the one error shape of the API (DESIGN.md "The API").
 * `problem()` builds a throwable error; `sendProblem()` is the one function that
 * answers with a problem document, used by the error handler of
 * `registerProblemHandler` (every thrown error: ours, validation, Fastify's,
 * database; without stack traces or SQL) and by the hooks that answer before a
 * route runs.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Problem } from '../../contract/index.js';
import { errorCode, isDatabaseUnavailable } from '../db/errors.js';

export type FieldError = { field: string; message: string; code?: string };

/** What a problem answer may carry beside status and detail. */
export interface ProblemOptions {
  /** Field-level validation errors (the `errors` member). */
  errors?: FieldError[];
  /** Seconds until a retry may succeed: sent as `Retry-After` (RFC 9110 §10.2.3). */
  retryAfter?: number;
  /** Repeat `detail` as `message`, for clients written for Better Auth's errors (`/api/auth/*`). */
  withMessage?: boolean;
  /** The error's machine code (the `code` member); the status's (`STATUS_CODES_OF`) when absent. */
  code?: string;
}

/** The machine code of a problem without its own (docs/api.md "Errors"): one per status. */
export const STATUS_CODES_OF: Readonly<Record<number, string>> = {
  400: 'invalid_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  410: 'gone',
  413: 'too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  428: 'precondition_required',
  429: 'rate_limited',
  500: 'internal',
  502: 'bad_gateway',
  503: 'unavailable',
};

/** An error that carries the status, detail and options of its problem document. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly options: ProblemOptions = {},
  ) {
    super(detail);
  }
}

/** Builds an `HttpProblem` to throw, e.g. `throw problem(403, 'This listing is not yours.')`. */
export function problem(status: number, detail: string, options?: ProblemOptions): HttpProblem {
  return new HttpProblem(status, detail, options);
}

/** The problem document body for `status` (RFC 9457 §3.1), with its machine `code` (RFC 9457 §3.2 extension member). */
export function problemBody(status: number, detail: string, errors?: FieldError[], code?: string): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    code: code ?? STATUS_CODES_OF[status] ?? `http_${status}`,
    ...(errors?.length ? { errors } : {}),
  };
}

/** Answers `reply` with the problem document for `status` and `detail` (`application/problem+json`). */
export function sendProblem(reply: FastifyReply, status: number, detail: string, options: ProblemOptions = {}): FastifyReply {
  if (options.retryAfter !== undefined) reply.header('retry-after', String(options.retryAfter));
  const body = problemBody(status, detail, options.errors, options.code);
  return reply.status(status).type('application/problem+json').send(options.withMessage ? { ...body, message: detail } : body);
}

/** Retry-After of a 503 while the database is unavailable, seconds: an outage is expected to pass within seconds. */
export const RETRY_AFTER_UNAVAILABLE = 2;

/** Installs the error handler that turns any thrown error into a problem document. */
export function registerProblemHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    let status = 500;
    let detail = 'Something went wrong on our side. Please try again.';
    let options: ProblemOptions = {};

    if (error instanceof HttpProblem) {
      ({ status, detail, options } = error);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const errors = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'request'),
        message: v.message ?? 'is invalid',
        code: v.keyword,
      }));
      detail = `Invalid ${error.validationContext ?? 'request'}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`;
      options = { errors, code: 'validation_failed' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      detail = status === 413 ? 'The request body is too large.' : error.message;
    } else {
      if (errorCode(error) === '23505') {
        status = 409;
        detail = 'This conflicts with an existing record.';
        options = { code: 'duplicate' };
      } else if (isDatabaseUnavailable(error)) {
        status = 503;
        detail = 'The database is unavailable or busy. Please try again shortly.';
        options = { retryAfter: RETRY_AFTER_UNAVAILABLE };
      }
    }

    if (status === 503) req.log.warn({ err: { message: error.message, code: errorCode(error) } }, 'database unavailable');
    else if (status >= 500) req.log.error({ err: error }, 'request failed');
    return sendProblem(reply, status, detail, options);
  });
}
