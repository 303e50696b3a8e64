/**
 * Where the server's log lines go: every line — Fastify's,
 * ours and Better Auth's (auth.ts hands its logger to the same pino) — passes
 * `redactQueryParams` on its way out, so a failed query's parameters (a session
 * token in `… where token = $1 params: <token>`) never reach the log.
 *
 * Standard output is written one batch at a time (the lines of up to `BATCH_MS`: one
 * write per line cost a few per cent of a busy server's CPU) with asynchronous
 * `fs.write`, at most `MAX_PENDING_BYTES` waiting (older lines are dropped past
 * it), and never retried: a write that fails (EAGAIN of a full pipe nobody reads,
 * EPIPE once the reader has gone) drops its batch. pino's default sonic-boom
 * instead retried such writes forever in its exit-time `flushSync`, so a server
 * whose supervisor had gone never exited after SIGTERM. `flushLogs` at exit makes
 * one bounded, synchronous attempt at what is still waiting.
 */

import fs from 'node:fs';

/** A pino destination: one serialized JSON line per call. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * `text` with the parameters of failed queries replaced by `[redacted]`: in a JSON
 * log line, everything after `params: ` up to the next escaped newline or the end
 * of the string (Drizzle's `Failed query: … \nparams: a,b`).
 */
export function redactQueryParams(text: string): string {
  return text.replace(/params: (?:[^"\\\n]|\\(?!n)[\s\S])*/g, 'params: [redacted]');
}

/** Bytes of log lines that may wait for standard output; past it new lines are dropped. */
const MAX_PENDING_BYTES = 1024 * 1024;

let pending: string[] = [];
let pendingBytes = 0;
let writing = false;
let scheduled = false;

/** Most milliseconds a line waits for the lines after it, to be written with them. */
const BATCH_MS = 10;
/** Bytes waiting that are written at once. */
const BATCH_BYTES = 64 * 1024;

/** Writes what waits within `BATCH_MS`, or at once past `BATCH_BYTES`: one write per line cost ~20 µs of CPU. */
function schedule(): void {
  if (writing || !pending.length) return;
  if (pendingBytes >= BATCH_BYTES) {
    writeNext();
    return;
  }
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    writeNext();
  }, BATCH_MS);
}

function writeNext(): void {
  if (writing || !pending.length) return;
  const batch = pending.join('');
  pending = [];
  pendingBytes = 0;
  writing = true;
  fs.write(1, batch, (err) => {
    writing = false;
    // Dropped on any error: a stalled or gone reader must not hold the process.
    void err;
    schedule();
  });
}

/** Standard output as a log destination that never blocks nor retries. */
const stdout: LogDestination = {
  write(line) {
    if (pendingBytes + line.length > MAX_PENDING_BYTES) return;
    pending.push(line);
    pendingBytes += line.length;
    schedule();
  },
};

/** At exit: one synchronous attempt to write the lines still waiting (none while a write hangs); errors are ignored. */
export function flushLogs(): void {
  // A write still in flight is stuck on a reader that does not read: a second one would block.
  if (writing || !pending.length) return;
  const batch = pending.join('');
  pending = [];
  pendingBytes = 0;
  try {
    fs.writeSync(1, batch);
  } catch {
    // EAGAIN or EPIPE: the reader is not there; exit anyway.
  }
}

/** A destination that redacts each line, then hands it to `inner` (default: standard output). */
export function redactingDestination(inner?: LogDestination): LogDestination {
  const out = inner ?? stdout;
  return { write: (line) => out.write(redactQueryParams(line)) };
}
