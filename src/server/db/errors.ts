/**
 * Which database errors mean "unavailable, try again": the problem handler answers
 * them 503 with Retry-After instead of 500.
 */

// SQLSTATE class 08 (connection), 57P0x (admin shutdown, crash, cannot connect now),
// 57014 (statement_timeout / query canceled), 53300 (too many connections); socket errors.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH',
  '57P01', '57P02', '57P03', '57014', '53300', '08000', '08001', '08003', '08004', '08006',
]);

// node-postgres raises these without a code: pool wait timeout, connection lost. PostgreSQL refuses a new
// connection to a database closed to connections (`ALTER DATABASE … ALLOW_CONNECTIONS false`, as during
// maintenance) with SQLSTATE 55000, a class too wide to match by code alone.
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end|is not currently accepting connections/;

/** The first error code on `error` or its `cause` chain (SQLSTATE or Node's `E…`). */
export function errorCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || code.startsWith('E'))) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when `error` (or a cause) says the database cannot serve now: answer 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
