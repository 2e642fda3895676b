/**
 * Text that cannot be kept. PostgreSQL refuses NUL in text and JSON columns, and a UTF-16 half
 * without its partner has no UTF-8 form, so drivers and log shippers garble or refuse it. The
 * server applies this to every string a request carries, so no endpoint needs to remember it.
 */
const NUL = '\u0000';
// A high half not followed by a low half, or a low half not preceded by a high one.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type UnstorableCharacter = 'nul' | 'unpaired-surrogate';

export function unstorableCharacterIn(text: string): UnstorableCharacter | null {
  if (text.includes(NUL)) return 'nul';
  if (UNPAIRED_SURROGATE.test(text)) return 'unpaired-surrogate';
  return null;
}

export const isStorableText = (text: string): boolean => unstorableCharacterIn(text) === null;

const describe = (field: string, character: UnstorableCharacter) =>
  character === 'nul'
    ? `${field} cannot contain the NUL character (U+0000)`
    : `${field} cannot contain a broken character (an unpaired UTF-16 surrogate)`;

/** Where the text is and what is wrong with it, in the shape `describeIssues` reads. */
export interface UnstorableTextIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * The first string in a parsed request (JSON body or query) holding text that cannot be kept,
 * with the path of the field that carries it, or null when all of it can be stored. Property
 * names are checked too: free-form objects such as analytics properties are stored as given.
 */
export function findUnstorableText(value: unknown): UnstorableTextIssue | null {
  // Depth-first with an explicit stack (children pushed in reverse, so the first bad field in the
  // document is the one reported): a deeply nested body must not exhaust the call stack. Each entry
  // links to its parent instead of copying its path, so the walk stays linear however deep it goes.
  const pending: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      const character = unstorableCharacterIn(current);
      if (character) return issueAt(pathOf(visit), character, (field) => field || 'text');
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        pending.push({ value: current[index], key: index, parent: visit });
      }
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        const character = unstorableCharacterIn(key);
        if (character) return issueAt(pathOf(visit), character, () => 'property names');
      }
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        pending.push({ value: child, key, parent: visit });
      }
    }
  }
  return null;
}

interface Visit {
  value: unknown;
  key: PropertyKey | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) path.push(at.key);
  return path.reverse();
}

const issueAt = (
  path: PropertyKey[],
  character: UnstorableCharacter,
  subject: (field: string) => string,
): UnstorableTextIssue => ({ path, message: describe(subject(path.map(String).join('.')), character) });
