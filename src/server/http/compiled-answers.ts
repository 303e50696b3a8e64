/**
 * Answers written by serializers compiled from the contract's zod schemas
 * (fast-json-stringify, from the schema's JSON Schema in zod's `output` form), for the
 * routes that answer many rows (food lists and details): a page of 24 listings through
 * zod's `encode` and `JSON.stringify` cost about 2.5 times as much CPU.
 *
 * The compiled serializer writes only the properties the schema names, so a row's other
 * columns never leak, as zod's encode stripped them (an object's `additionalProperties`,
 * the one way to write others, is taken out of the JSON Schema). It does not check values: with `check` (every
 * environment but production) each answer is also encoded by zod, which throws on an
 * answer the schema refuses, and the two texts must parse to the same value, else the
 * answer fails with a 500.
 *
 * fast-json-stringify (and Ajv under it) load at the first answer, not at start
 * (restart time, docs/benchmarks.md); answers before that are zod's.
 */
import { isDeepStrictEqual } from 'node:util';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type Build = (schema: object) => Serialize;

let build: Build | undefined;
let loading: Promise<void> | undefined;

/** Loads fast-json-stringify once; resolves when compiled serializers can be made. */
export function loadCompiler(): Promise<void> {
  loading ??= import('fast-json-stringify').then((m) => {
    build = m.default as unknown as Build;
  });
  return loading;
}

/**
 * `schema` without `additionalProperties: false`: fast-json-stringify leaves unnamed
 * properties out either way, but picks a union's branch by validating the value, which a
 * closed branch would refuse for an extra key (zod's encode stripped it).
 */
function opened(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(opened);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).filter(([k, v]) => !(k === 'additionalProperties' && v === false)).map(([k, v]) => [k, opened(v)]));
}

/** The serializer of `schema` compiled from its JSON Schema (zod's `output` form). */
function compileAnswer(schema: z.ZodType, compile: Build): Serialize {
  return compile(opened(z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' })) as object);
}

/**
 * A Fastify `serializerCompiler` (route option) writing answers of a zod response schema
 * with a compiled serializer; with `check`, every answer is also checked by zod (see above).
 */
export function compiledAnswers(opts: { check: boolean }): (route: { schema: unknown; method: string; url: string }) => Serialize {
  return ({ schema: given, method, url }) => {
    const schema = given as z.ZodType;
    let compiled: Serialize | undefined;
    const encoded = (data: unknown) => {
      const result = z.safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
    return (data: unknown) => {
      if (!compiled && build) compiled = compileAnswer(schema, build);
      if (!compiled) {
        void loadCompiler();
        return JSON.stringify(encoded(data));
      }
      const text = compiled(data);
      if (opts.check && !isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(encoded(data))))) {
        throw new Error(`${method} ${url}: the compiled answer differs from the schema's: ${text}`);
      }
      return text;
    };
  };
}
