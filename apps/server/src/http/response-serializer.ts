import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

export interface ResponseSerializerOptions {
  /**
   * Also encode every answer through its zod schema and refuse it unless both give the same bytes.
   * On in the server's tests, so each response they make is checked against its schema; off in
   * production, where that second pass is the cost this compiler exists to avoid.
   */
  checkAgainstZod?: boolean;
}

/** JSON Schema keywords that only validate; stripped so that serialising never depends on them. */
const ONLY_VALIDATES = new Set(['format', '$schema']);

/**
 * The zod schema's JSON Schema, reshaped for fast-json-stringify: `additionalProperties: false`
 * removed (an object then writes its listed properties and nothing else, as zod's strip did, and a
 * union branch is not refused over a key it would drop anyway), and `format` removed (the library
 * writes a `date-time` string unescaped, trusting a validation that no longer runs).
 */
function serializableJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(serializableJsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const reshaped: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (ONLY_VALIDATES.has(key)) continue;
    if (key === 'additionalProperties' && inner === false) continue;
    // `properties` maps names to schemas: a property may be called "format" and must stay.
    reshaped[key] =
      key === 'properties' && inner && typeof inner === 'object'
        ? Object.fromEntries(
            Object.entries(inner).map(([name, schema]) => [name, serializableJsonSchema(schema)]),
          )
        : serializableJsonSchema(inner);
  }
  return reshaped;
}

/**
 * A serializer compiled once from a zod response schema, or null when the schema holds something
 * JSON Schema cannot state (a transform, a date) or the library cannot compile: those answers keep
 * going through zod.
 */
export function compileFromZod(schema: z.core.$ZodType): Serialize | null {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    return fastJsonStringify(serializableJsonSchema(jsonSchema) as Schema) as Serialize;
  } catch {
    return null;
  }
}

/** Encodes through zod (validating, stripping unknown keys), then JSON.stringify: the slow, exact way. */
function zodSerializer(schema: z.core.$ZodType, method: string, url: string): Serialize {
  return (data) => {
    const result = z.safeEncode(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

/**
 * Fastify's serializer compiler for the endpoints' zod response schemas (decision 030): each route's
 * answer is written by fast-json-stringify code generated once from its schema, so only the schema's
 * properties ever leave the server, without zod re-reading every answer. Schemas JSON Schema cannot
 * describe keep zod's encode.
 */
export function responseSerializerCompiler(
  options: ResponseSerializerOptions = {},
): FastifySerializerCompiler<z.core.$ZodType> {
  return ({ schema, method, url }) => {
    const exact = zodSerializer(schema, method, url);
    // Compiled on the route's first answer, not at start: compiling every route's code at once
    // would hold the event loop for long enough to delay start-up and trip the overload check.
    let fast: Serialize | null | undefined;
    const compiled = (): Serialize => {
      if (fast === undefined) fast = compileFromZod(schema);
      return fast ?? exact;
    };
    if (!options.checkAgainstZod) return (data) => compiled()(data);
    return (data) => {
      const expected = exact(data);
      const written = compiled()(data);
      if (written !== expected) {
        throw new Error(`${method} ${url}: the compiled serializer wrote ${written}, zod ${expected}`);
      }
      return written;
    };
  };
}
