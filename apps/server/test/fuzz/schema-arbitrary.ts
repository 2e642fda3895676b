import fc from 'fast-check';
import { z } from 'zod';
import type * as zc from 'zod/v4/core';

/**
 * Derives a fast-check arbitrary of input that looks valid to a zod v4 schema: the shape, types,
 * bounds, enums and formats the schema states. What a schema cannot state (refinements,
 * transforms) is approached by drawing from common text shapes and keeping the values the schema
 * accepts, when enough of them do. A kind this file does not know throws, naming the kind and
 * where it is, so a new endpoint with a new kind fails loudly instead of going unfuzzed.
 */
export interface DeriveOptions {
  /** Names the schema in errors, e.g. "addBrowserSite body". */
  where: string;
  /**
   * Values to offer for a field by its name beside the derived ones (ids of rows that exist, so
   * handlers get past "not found"). Read when a value is generated, so it may change over a run.
   */
  knownValues?: (field: string) => fc.Arbitrary<unknown> | undefined;
}

export class UnsupportedSchemaError extends Error {
  override name = 'UnsupportedSchemaError';
}

export function arbitraryFor(schema: z.core.$ZodType, options: DeriveOptions): fc.Arbitrary<unknown> {
  return derive(schema as unknown as zc.$ZodType, [], options);
}

type Path = readonly (string | number)[];

/** Long enough for every bound the schemas set at the low end; longer text is the hostile values' job. */
const MAX_GENERATED_TEXT = 120;
const MAX_GENERATED_ITEMS = 6;
const MAX_GENERATED_KEYS = 5;

function derive(schema: zc.$ZodType, path: Path, options: DeriveOptions): fc.Arbitrary<unknown> {
  const def = schema._zod.def;
  const inner = (child: zc.$ZodType, at: Path = path) => derive(child, at, options);
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema, path, options);
    case 'number':
    case 'int':
      return numberArbitrary(def as zc.$ZodNumberDef);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    case 'enum':
      return fc.constantFrom(...Object.values((def as zc.$ZodEnumDef).entries));
    case 'literal':
      return fc.constantFrom(...(def as zc.$ZodLiteralDef<zc.util.Literal>).values);
    case 'object':
      return keepValidIfPractical(objectArbitrary(def as zc.$ZodObjectDef, path, options), schema);
    case 'array': {
      const { min, max } = lengthBounds(def.checks);
      const items = fc.array(inner((def as zc.$ZodArrayDef).element, [...path, '[]']), {
        minLength: min,
        maxLength: Math.max(min, Math.min(max, min + MAX_GENERATED_ITEMS)),
      });
      return keepValidIfPractical(items, schema);
    }
    case 'tuple': {
      const tuple = def as zc.$ZodTupleDef;
      return fc.tuple(...tuple.items.map((item, index) => inner(item, [...path, index])));
    }
    case 'record':
      return keepValidIfPractical(recordArbitrary(def as zc.$ZodRecordDef, path, options), schema);
    case 'union':
      return fc.oneof(...(def as zc.$ZodUnionDef).options.map((option) => inner(option)));
    case 'intersection': {
      const { left, right } = def as zc.$ZodIntersectionDef;
      const leftAlone = inner(left);
      // Objects merged, the left side's keys last (a catch-all record on the right must not undo them).
      const merged = fc
        .tuple(leftAlone, inner(right))
        .map(([one, other]) => (isRecordValue(one) && isRecordValue(other) ? { ...other, ...one } : one));
      // Whichever the whole schema accepts often enough: the left side alone may already do.
      return keepIfPractical(
        [merged, leftAlone],
        (value) => z.safeParse(schema as unknown as z.core.$ZodType, value).success,
      );
    }
    case 'optional':
      return fc.option(inner((def as zc.$ZodOptionalDef).innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner((def as zc.$ZodNullableDef).innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      // The client may leave it out; the server fills it in.
      return fc.option(inner((def as zc.$ZodDefaultDef).innerType), { nil: undefined, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner((def as zc.$ZodReadonlyDef).innerType);
    case 'pipe': {
      const pipe = def as zc.$ZodPipeDef;
      // A client sends what the first stage reads; z.preprocess reads anything, so use the second.
      const source = pipe.in._zod.def.type === 'transform' ? pipe.out : pipe.in;
      return keepValidIfPractical(inner(source), schema);
    }
    default:
      throw new UnsupportedSchemaError(
        `Cannot derive fuzz input for ${options.where} at ${describePath(path)}: zod kind "${def.type}" is ` +
          'not supported. Teach apps/server/test/fuzz/schema-arbitrary.ts this kind.',
      );
  }
}

const describePath = (path: Path) => (path.length === 0 ? 'its root' : path.join('.'));

function checkDefs(checks: zc.$ZodTypeDef['checks']): zc.$ZodCheckDef[] {
  return (checks ?? []).map((check) => check._zod.def);
}

function lengthBounds(checks: zc.$ZodTypeDef['checks']): { min: number; max: number } {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of checkDefs(checks)) {
    if (check.check === 'min_length') min = Math.max(min, (check as zc.$ZodCheckMinLengthDef).minimum);
    if (check.check === 'max_length') max = Math.min(max, (check as zc.$ZodCheckMaxLengthDef).maximum);
    if (check.check === 'length_equals') {
      min = (check as zc.$ZodCheckLengthEqualsDef).length;
      max = min;
    }
  }
  return { min, max };
}

// ---- strings ----

/** Formats zod names, drawn from fast-check's own generators (checked against the format's pattern). */
const formatArbitraries: Record<string, () => fc.Arbitrary<string>> = {
  uuid: () => fc.uuid({ version: [1, 2, 3, 4, 5, 6, 7, 8] }),
  guid: () => fc.uuid(),
  email: () => fc.emailAddress(),
  url: () => fc.webUrl(),
  datetime: () =>
    fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString()),
  date: () =>
    fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10)),
};

/** What people type into text fields: words, e-mail addresses, site names, links and paths. */
const textShapes = (minLength: number, maxLength: number): fc.Arbitrary<string>[] => [
  fc.string({ minLength, maxLength }),
  fc.string({ unit: 'grapheme', minLength, maxLength }),
  fc.emailAddress(),
  fc.domain(),
  fc.webUrl(),
  fc.webPath().map((path) => (path.startsWith('/') ? path : `/${path}`)),
];

function stringArbitrary(schema: zc.$ZodType, path: Path, options: DeriveOptions): fc.Arbitrary<string> {
  const def = schema._zod.def as zc.$ZodStringDef;
  const accepts = (text: string) => z.safeParse(schema as unknown as z.core.$ZodType, text).success;
  const { min, max } = lengthBounds(def.checks);
  const formats = [def as zc.$ZodStringFormatDef, ...checkDefs(def.checks)].filter(
    (check): check is zc.$ZodCheckStringFormatDef => check.check === 'string_format',
  );
  const format = formats[0];
  if (format && format.format !== 'regex') {
    const known = formatArbitraries[format.format];
    if (known) return keepIfPractical([known()], accepts);
    throw new UnsupportedSchemaError(
      `Cannot derive fuzz input for ${options.where} at ${describePath(path)}: string format ` +
        `"${format.format}" is not supported. Teach apps/server/test/fuzz/schema-arbitrary.ts this format.`,
    );
  }
  const shapes = textShapes(min, Math.max(min, Math.min(max, MAX_GENERATED_TEXT)));
  const matching = format?.pattern ? stringMatching(format.pattern) : null;
  return keepIfPractical(matching ? [matching] : shapes, accepts);
}

/** Text fast-check builds from a pattern, or null for a pattern it cannot read (lookaheads, flags i and u). */
function stringMatching(pattern: RegExp): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return null;
  }
}

// ---- numbers ----

function numberArbitrary(def: zc.$ZodNumberDef): fc.Arbitrary<number> {
  let min = Number.NEGATIVE_INFINITY;
  let max = Number.POSITIVE_INFINITY;
  let minExcluded = false;
  let maxExcluded = false;
  let integer = (def as zc.$ZodNumberFormatDef).format !== undefined;
  for (const check of checkDefs(def.checks)) {
    if (check.check === 'greater_than') {
      const { value, inclusive } = check as zc.$ZodCheckGreaterThanDef;
      if (Number(value) >= min) [min, minExcluded] = [Number(value), !inclusive];
    }
    if (check.check === 'less_than') {
      const { value, inclusive } = check as zc.$ZodCheckLessThanDef;
      if (Number(value) <= max) [max, maxExcluded] = [Number(value), !inclusive];
    }
    if (check.check === 'number_format') integer = true;
  }
  if (integer) {
    const low = Math.max(Number.MIN_SAFE_INTEGER, minExcluded ? Math.floor(min) + 1 : Math.ceil(min));
    const high = Math.min(Number.MAX_SAFE_INTEGER, maxExcluded ? Math.ceil(max) - 1 : Math.floor(max));
    // Numbers near zero (or the nearest bound) are where most meaning is: days, counts, lengths.
    const centre = Math.min(high, Math.max(low, 0));
    const near = fc.integer({ min: Math.max(low, centre - 1000), max: Math.min(high, centre + 1000) });
    return fc.oneof(fc.integer({ min: low, max: high }), near);
  }
  return fc.double({
    ...(Number.isFinite(min) ? { min, minExcluded } : {}),
    ...(Number.isFinite(max) ? { max, maxExcluded } : {}),
    noNaN: true,
    noDefaultInfinity: true,
  });
}

// ---- objects and records ----

const isRecordValue = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function objectArbitrary(
  def: zc.$ZodObjectDef,
  path: Path,
  options: DeriveOptions,
): fc.Arbitrary<Record<string, unknown>> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const optional = field._zod.optin === 'optional' || field._zod.optin === 'defaulted';
    // An optional key is left out rather than sent as undefined; its inner schema gives the value.
    const valueSchema = optional ? unwrapOptional(field) : field;
    const derived = derive(valueSchema, [...path, key], options);
    const known = options.knownValues?.(key);
    fields[key] = known
      ? fc.oneof({ weight: 1, arbitrary: derived }, { weight: 3, arbitrary: known })
      : derived;
    if (!optional) requiredKeys.push(key);
  }
  return fc.record(fields, { requiredKeys });
}

function unwrapOptional(schema: zc.$ZodType): zc.$ZodType {
  const def = schema._zod.def;
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') {
    return (def as zc.$ZodOptionalDef).innerType;
  }
  return schema;
}

function recordArbitrary(
  def: zc.$ZodRecordDef,
  path: Path,
  options: DeriveOptions,
): fc.Arbitrary<Record<string, unknown>> {
  const keyDef = def.keyType._zod.def;
  const value = derive(def.valueType, [...path, '{}'], options);
  if (keyDef.type === 'enum') {
    // A record over an enum needs every key.
    const keys = Object.values((keyDef as zc.$ZodEnumDef).entries).map(String);
    return fc.record(Object.fromEntries(keys.map((key) => [key, value])));
  }
  const key = derive(def.keyType, [...path, '{key}'], options).filter(
    (candidate): candidate is string => typeof candidate === 'string',
  );
  return fc.dictionary(key, value, { maxKeys: MAX_GENERATED_KEYS });
}

// ---- refinements ----

/**
 * Keeps only the values the schema accepts when enough of them do; otherwise the values as drawn
 * (still valid-looking, and refused for a reason worth fuzzing too). Filtering a rarely satisfied
 * refinement would stall generation.
 */
function keepValidIfPractical<T>(arbitrary: fc.Arbitrary<T>, schema: zc.$ZodType): fc.Arbitrary<T> {
  const hasRefinement = (schema._zod.def.checks ?? []).some((check) => check._zod.def.check === 'custom');
  if (!hasRefinement && schema._zod.def.type !== 'pipe') return arbitrary;
  return keepIfPractical(
    [arbitrary],
    (value) => z.safeParse(schema as unknown as z.core.$ZodType, value).success,
  );
}

const PRACTICAL_SHARE = 0.1;

/**
 * The candidates that give an accepted value often enough, each kept to its accepted values; when
 * none does, the first candidate as drawn.
 */
function keepIfPractical<T>(candidates: fc.Arbitrary<T>[], accepts: (value: T) => boolean): fc.Arbitrary<T> {
  const practical = candidates.filter((candidate) => {
    const sample = fc.sample(candidate, { numRuns: 50, seed: 1 });
    return sample.filter(accepts).length >= sample.length * PRACTICAL_SHARE;
  });
  const [first] = candidates;
  if (practical.length === 0 && first) return first;
  return fc.oneof(...practical.map((candidate) => candidate.filter(accepts)));
}
