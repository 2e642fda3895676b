import fc from 'fast-check';
import { RawJson, RawObject } from './json-text';

/**
 * Values a careless or malicious client sends, and ways to spoil a valid body with them: text no
 * database can hold, sizes past every limit, nesting deep enough to exhaust a recursive walk,
 * prototype keys, numbers a column cannot hold, and the wrong type wherever a value goes.
 */
export interface HostileContext {
  /** The endpoint's own body limit, so some text lands just under it and some far past it. */
  bodyLimitBytes: number;
}

export const ONE_MEGABYTE = 1024 * 1024;

/** Text no column can hold: PostgreSQL refuses NUL; a lone UTF-16 half has no UTF-8 form. */
export const unstorableStrings: fc.Arbitrary<string> = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '\uD800',
  '\uDFFF',
  'a\uDBFFb',
  '\uDC00\uD800',
);

/** Text that cannot be stored or that tests what a field accepts. */
export function hostileStrings({ bodyLimitBytes }: HostileContext): fc.Arbitrary<string> {
  return fc.oneof(
    unstorableStrings,
    // Sizes: far past any limit, just under this endpoint's, and past most fields' maximum.
    fc.constantFrom(
      'a'.repeat(ONE_MEGABYTE),
      '€'.repeat(Math.floor(ONE_MEGABYTE / 3)),
      'b'.repeat(Math.max(0, bodyLimitBytes - 256)),
      'c'.repeat(10_000),
      '😀'.repeat(2_000),
    ),
    fc.constantFrom('', ' ', '   ', '\t\r\n', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u2028'),
    fc.constantFrom('\u202Eevil', '\uFEFF', '\u200B', 'e\u0301', '𝒜', 'ǅ', 'İ', 'ß'),
    fc.constantFrom(
      "' OR '1'='1",
      '"; drop table "user"; --',
      '<script>alert(1)</script>',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text itself is the hostile value.
      '${7*7}',
      '{{7*7}}',
      '../../../etc/passwd',
      '%00',
      '%s%n%x',
      'javascript:alert(1)',
      '//evil.example',
      'https://evil.example/',
      'http://127.0.0.1:5432/',
      'data:text/html,<b>x</b>',
    ),
    // Text that reads as another type, or as an object's own machinery.
    fc.constantFrom(
      'null',
      'true',
      '0',
      '-1',
      '1e308',
      'NaN',
      'Infinity',
      '[]',
      '{}',
      '__proto__',
      'constructor',
    ),
    // Text close to what a field wants, a little off.
    fc.constantFrom(
      'a@b',
      '@',
      `${'a'.repeat(250)}@example.com`,
      'xn--',
      '-.-',
      '00000000-0000-0000-0000-00000000000g',
    ),
  );
}

/** Numbers no column, date or counter in the schema was meant for, some only expressible as raw JSON. */
export const hostileNumbers: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    Number.MAX_VALUE,
    2 ** 53,
    -(2 ** 53),
    2 ** 53 + 2,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 63,
    8.64e15 + 1,
    1e21,
    -1,
    -1_000_000,
    0.5,
    -0.5,
    1e-7,
    Number.MIN_VALUE,
  ),
  // JSON.stringify cannot write these: -0 loses its sign, 2**53+1 is not a double, 1e400 parses to Infinity.
  fc
    .constantFrom(
      '-0',
      '9007199254740993',
      '-9007199254740993',
      '1e400',
      '-1e400',
      '123456789012345678901234567890',
      '1.0',
      '1E2',
    )
    .map((text) => new RawJson(text)),
  fc.integer(),
  fc.double(),
);

/** A value of the wrong type for wherever it lands. */
export const wrongTypes: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, '', [], {}, [null], [[]], { '': '' }, [1, 2, 3], { a: { b: {} } }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Arrays, objects or both nested hundreds to a few thousand levels deep, as raw JSON. */
export const deeplyNested: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 200, max: 3000 }), fc.constantFrom('array', 'object', 'mixed'))
  .map(([depth, shape]) => {
    if (shape === 'array') return new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    if (shape === 'object') return new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
    return new RawJson(`${'[{"a":'.repeat(depth)}null${'}]'.repeat(depth)}`);
  });

/** Objects carrying keys that reach a prototype when a parser or a merge is careless. */
export const prototypeKeyed: fc.Arbitrary<RawJson> = fc
  .constantFrom(
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"prototype":{"polluted":true}}',
    '{"__proto__":null}',
    '{"__proto__":[]}',
    '{"a":1,"__proto__":{"a":2}}',
  )
  .map((text) => new RawJson(text));

export function hostileValue(context: HostileContext): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileStrings(context) },
    { weight: 3, arbitrary: hostileNumbers },
    { weight: 3, arbitrary: wrongTypes },
    { weight: 1, arbitrary: deeplyNested },
    { weight: 1, arbitrary: prototypeKeyed },
  );
}

/** Names a schema does not expect, including the ones that reach a prototype. */
export const hostileKeys: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('unexpected', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', ''),
  fc.constantFrom('a\u0000b', '\uD800', 'k'.repeat(5_000), '$where', 'a.b', 'a[b]'),
  fc.string({ maxLength: 20 }),
);

/** Whole bodies that are not a JSON object, or not JSON at all. */
export const hostileBodies: fc.Arbitrary<RawJson> = fc.oneof(
  fc
    .constantFrom(
      '',
      ' ',
      '{',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      '{a:1}',
      'NaN',
      'undefined',
      '\uFEFF{}',
      '{"a":1}{"b":2}',
      'null',
      'true',
      '42',
      '"text"',
      '[]',
      '[{}]',
      '{}',
      '\u0000',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"a":"\\x00"}',
    )
    .map((text) => new RawJson(text)),
  deeplyNested,
  prototypeKeyed,
  fc.string({ unit: 'binary', maxLength: 200 }).map((text) => new RawJson(text)),
);

// ---- spoiling a valid body ----

type Path = readonly (string | number)[];

type Mutation =
  | { kind: 'replace'; value: unknown }
  | { kind: 'remove' }
  | { kind: 'add key'; key: string; value: unknown }
  | { kind: 'repeat key'; value: unknown; hostileLast: boolean };

function mutations(value: fc.Arbitrary<unknown>): fc.Arbitrary<Mutation> {
  return fc.oneof(
    { weight: 6, arbitrary: value.map((replacement) => ({ kind: 'replace' as const, value: replacement })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'remove' as const }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(hostileKeys, fc.oneof(value, fc.jsonValue({ maxDepth: 2 })))
        .map(([key, extra]) => ({ kind: 'add key' as const, key, value: extra })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(value, fc.boolean())
        .map(([repeated, hostileLast]) => ({ kind: 'repeat key' as const, value: repeated, hostileLast })),
    },
  );
}

/**
 * A valid body with one thing spoiled: a value replaced or removed, or a key added or repeated,
 * with hostile values (or only those of `values`, when given).
 */
export function mutatedBodies(
  valid: fc.Arbitrary<unknown>,
  context: HostileContext,
  values: fc.Arbitrary<unknown> = hostileValue(context),
): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), mutations(values))
    .map(([body, choice, mutation]) => applyMutation(body, choice, mutation));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !(value instanceof RawJson) &&
  !(value instanceof RawObject);

/** Every node of a body, root first. */
function nodePaths(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  found.push(path);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) nodePaths(item, [...path, index], found);
  } else if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (child !== undefined) nodePaths(child, [...path, key], found);
    }
  }
  return found;
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}

/** A copy of `value` whose node at `path` is what `change` makes of it. */
function changedAt(value: unknown, path: Path, change: (node: unknown) => unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return change(value);
  if (Array.isArray(value))
    return value.map((item, index) => (index === key ? changedAt(item, rest, change) : item));
  const copy = entriesOf(value);
  return copy.some(([name]) => name === key)
    ? new RawObject(
        copy.map(([name, child]) => [name, name === key ? changedAt(child, rest, change) : child]),
      )
    : value;
}

const entriesOf = (value: unknown): [string, unknown][] =>
  value instanceof RawObject
    ? value.entries.map(([key, child]) => [key, child])
    : Object.entries(value as Record<string, unknown>).filter(([, child]) => child !== undefined);

function applyMutation(body: unknown, choice: number, mutation: Mutation): unknown {
  const paths = nodePaths(body);
  // The root is spoiled whole by the hostile bodies; here a field is, unless there is none.
  const fields = paths.length > 1 ? paths.slice(1) : paths;
  const path = fields[choice % fields.length] ?? [];
  switch (mutation.kind) {
    case 'replace':
      return changedAt(body, path, () => mutation.value);
    case 'add key': {
      const objects = paths.filter((candidate) => isPlainObject(valueAt(body, candidate)));
      const target = objects[choice % Math.max(1, objects.length)];
      if (!target) return mutation.value;
      return changedAt(
        body,
        target,
        (node) => new RawObject([...entriesOf(node), [mutation.key, mutation.value]]),
      );
    }
    case 'remove':
    case 'repeat key': {
      const parentPath = path.slice(0, -1);
      const key = path.at(-1);
      if (key === undefined) return mutation.kind === 'remove' ? new RawJson('') : mutation.value;
      return changedAt(body, parentPath, (parent) => {
        if (Array.isArray(parent)) {
          return mutation.kind === 'remove'
            ? parent.filter((_, index) => index !== key)
            : parent.map((item, index) => (index === key ? mutation.value : item));
        }
        const entries = entriesOf(parent);
        if (mutation.kind === 'remove') return new RawObject(entries.filter(([name]) => name !== key));
        // JSON.parse keeps the last of repeated keys; a validator that reads the first would disagree.
        const repeated: [string, unknown] = [String(key), mutation.value];
        return new RawObject(mutation.hostileLast ? [...entries, repeated] : [repeated, ...entries]);
      });
    }
  }
}
