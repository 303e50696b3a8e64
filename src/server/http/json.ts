/**
 * JSON bodies: Fastify's parser, behind a
 * nesting-depth check. A body nested 10 000 deep fits in 64 KiB and parses, but
 * later recursion over it (re-serialising it for Better Auth, validation) runs
 * out of stack: a 500. No API body nests deeper than a few levels, so deeper
 * bodies are refused as a 400 problem before parsing.
 */
import type { FastifyInstance } from 'fastify';
import { problem } from './problem.js';

/** Deepest accepted nesting of objects and arrays in a JSON body. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of `[`/`{` in `text`, outside strings; stops counting past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max && (max = depth) > limit) return max;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/** Replaces the `application/json` parser with Fastify's own behind the depth check. */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(problem(400, `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    parse(req, text, done);
  });
}
