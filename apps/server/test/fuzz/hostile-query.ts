import fc from 'fast-check';
import { type HostileContext, hostileStrings, ONE_MEGABYTE } from './hostile-values';

/**
 * Query strings, valid and spoiled. A query is kept as `key=value` pairs of text already
 * percent-encoded, so a pair can carry what URLSearchParams would never write: invalid
 * percent-escapes, the bytes of a lone surrogate, a NUL, a key repeated into a list.
 */
export type QueryPairs = readonly (readonly [string, string])[];

/**
 * Percent-encodes text the way a browser does, except that a lone surrogate (which
 * encodeURIComponent refuses) is written as the three bytes WTF-8 gives it: invalid UTF-8 for
 * the server to cope with.
 */
export function encodeQueryText(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[^\uD800-\uDFFF]+|[\uD800-\uDBFF][\uDC00-\uDFFF]/g,
    (part) =>
      part.length === 1 && part >= '\uD800' && part <= '\uDFFF' ? wtf8(part) : encodeURIComponent(part),
  );
}

const wtf8 = (surrogate: string) => {
  const code = surrogate.charCodeAt(0);
  const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
  return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
};

/** The pairs of a query object as a client sends them: lists as repeated keys, the rest as text. */
export function queryPairsOf(query: unknown): QueryPairs {
  if (query === null || typeof query !== 'object') return [];
  return Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value])
      .filter((item) => item !== undefined)
      .map((item) => [encodeQueryText(key), encodeQueryText(queryValueText(item))] as const),
  );
}

const queryValueText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

export const queryText = (pairs: QueryPairs): string =>
  pairs.map(([key, value]) => `${key}=${value}`).join('&');

/** Query values, already encoded: hostile text, numbers that read badly, and broken escapes. */
function hostileQueryValues(context: HostileContext): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: hostileStrings(context).map(encodeQueryText) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '-0',
        '1e308',
        '1e400',
        '9007199254740993',
        '-9007199254740993',
        '2147483648',
        '0x10',
        '%201',
        '1.5',
        'Infinity',
        '-1',
        '',
        '+',
        '%2B1',
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom('%', '%zz', '%00', '%C0%80', '%ED%A0%80', '%FF', '%E2%82', 'a%'),
    },
  );
}

const hostileQueryKeys: fc.Arbitrary<string> = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  `a${'[a]'.repeat(1_000)}`,
  '',
  '%00',
  '%ED%A0%80',
  'toString',
  'hasOwnProperty',
  'unexpected',
);

/** Whole query strings that are no list of pairs at all. */
const hostileQueryTexts: fc.Arbitrary<string> = fc.constantFrom(
  '&&&',
  '=',
  '==',
  '?',
  '&=&',
  '%',
  'a=1&a=2&a=3',
  'a'.repeat(ONE_MEGABYTE),
  `x=${'%00'.repeat(1_000)}`,
  '#fragment',
);

type QueryMutation =
  | { kind: 'replace value'; value: string }
  | { kind: 'remove' }
  | { kind: 'add'; key: string; value: string }
  | { kind: 'repeat'; value: string }
  | { kind: 'bracket key'; suffix: string };

/**
 * A valid query with one pair spoiled, or a query that is no list of pairs. The values put in are
 * hostile ones, or only those of `values` (already encoded), when given.
 */
export function mutatedQueries(
  valid: fc.Arbitrary<QueryPairs>,
  context: HostileContext,
  value: fc.Arbitrary<string> = hostileQueryValues(context),
): fc.Arbitrary<string> {
  const mutation: fc.Arbitrary<QueryMutation> = fc.oneof(
    {
      weight: 5,
      arbitrary: value.map((replacement) => ({ kind: 'replace value' as const, value: replacement })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'remove' as const }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(hostileQueryKeys, value)
        .map(([key, extra]) => ({ kind: 'add' as const, key, value: extra })),
    },
    { weight: 2, arbitrary: value.map((repeated) => ({ kind: 'repeat' as const, value: repeated })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('[]', '[0]', '[a]', '[__proto__]').map((suffix) => ({
        kind: 'bracket key' as const,
        suffix,
      })),
    },
  );
  return fc.oneof(
    {
      weight: 9,
      arbitrary: fc
        .tuple(valid, fc.nat(), mutation)
        .map(([pairs, choice, change]) => applyQueryMutation(pairs, choice, change)),
    },
    { weight: 1, arbitrary: hostileQueryTexts },
  );
}

function applyQueryMutation(pairs: QueryPairs, choice: number, mutation: QueryMutation): string {
  const index = pairs.length === 0 ? -1 : choice % pairs.length;
  const target = pairs[index];
  if (mutation.kind === 'add' || !target) {
    const key = mutation.kind === 'add' ? mutation.key : 'unexpected';
    const value = 'value' in mutation ? mutation.value : '';
    return queryText([...pairs, [key, value]]);
  }
  const [key] = target;
  switch (mutation.kind) {
    case 'replace value':
      return queryText(pairs.map((pair, at) => (at === index ? [key, mutation.value] : pair)));
    case 'remove':
      return queryText(pairs.filter((_, at) => at !== index));
    case 'repeat':
      return queryText([...pairs, [key, mutation.value]]);
    case 'bracket key':
      return queryText(
        pairs.map((pair, at) => (at === index ? [`${key}${mutation.suffix}`, pair[1]] : pair)),
      );
  }
}
