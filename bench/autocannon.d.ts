// The part of autocannon's programmatic API the benchmark uses (it ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Headers of every request (e.g. a session cookie). */
    headers?: Record<string, string>;
    /** Each request's options; `onResponse` sees every answer's status, body and headers. */
    requests?: { onResponse?: (status: number, body: string, context: unknown, headers: Record<string, string>) => void }[];
  }
  interface Result {
    requests: { total: number };
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface Instance extends EventEmitter, PromiseLike<Result> {}
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
