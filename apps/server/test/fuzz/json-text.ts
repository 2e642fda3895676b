/**
 * Request bodies as JSON text, including what JSON.stringify cannot write: -0, numbers past what a
 * double holds, `__proto__` keys (JSON.stringify drops a real prototype), repeated keys, nesting
 * thousands of levels deep, or text that is no JSON at all.
 */

/** JSON text written into the body exactly as given. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object written as these entries, in this order: repeated keys and `__proto__` included. */
export class RawObject {
  constructor(readonly entries: readonly (readonly [string, unknown])[]) {}
}

export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof RawObject) {
    return `{${value.entries.map(([key, child]) => `${JSON.stringify(key)}:${jsonText(child)}`).join(',')}}`;
  }
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : jsonText(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, child]) => child !== undefined);
    return jsonText(new RawObject(entries));
  }
  // undefined and NaN have no JSON form; JSON.stringify writes null (or nothing) for them.
  return JSON.stringify(value) ?? 'null';
}

const MAX_SHOWN = 1500;

/**
 * Text a person can read in a test report: long runs of one character shortened with their
 * length, control characters and lone surrogates written as escapes, and the whole cut short.
 */
export function printable(text: string): string {
  const shortened = text.replace(
    /([\s\S])\1{39,}/g,
    (run, char: string) => `${char.repeat(3)}…(${run.length} × ${escaped(char, 0)})…`,
  );
  let shown = '';
  let index = 0;
  for (; index < shortened.length && shown.length < MAX_SHOWN; index += 1) {
    const code = shortened.charCodeAt(index);
    const next = shortened.charCodeAt(index + 1);
    if (isHighSurrogate(code) && isLowSurrogate(next)) {
      shown += shortened.slice(index, index + 2);
      index += 1;
    } else {
      shown += escaped(shortened, index);
    }
  }
  return index < shortened.length ? `${shown}…(${shortened.length} characters in all)` : shown;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The character at `index`, as an escape when it does not print (a control character or a surrogate half). */
function escaped(text: string, index: number): string {
  const code = text.charCodeAt(index);
  const unprintable = code < 0x20 || code === 0x7f || isHighSurrogate(code) || isLowSurrogate(code);
  return unprintable ? `\\u${code.toString(16).padStart(4, '0')}` : text.charAt(index);
}
