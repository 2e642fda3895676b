import {
  describeIssues,
  type ErrorCode,
  errorStatus,
  findUnstorableText,
  invalidInputMessage,
} from '@stillpoint/core';

/**
 * The checks every registry call gets before its handler (http/endpoint.ts), for the Better Auth
 * routes mounted at /api/auth. Better Auth reads query strings and bodies its own way and sends what
 * it read to the database, where a NUL fails the query (PostgreSQL refuses it in text) and a
 * broken character is silently replaced. So before Better Auth sees a request, its query string
 * and its JSON or form body must be valid UTF-8, hold no NUL and no unpaired surrogate in any name
 * or value, and a JSON body must be nested no deeper than any real call is.
 */

/** Far deeper than any body Better Auth's served routes take (two levels at most). */
export const MAX_AUTH_BODY_DEPTH = 32;

// The types Better Auth reads as JSON, and as a form (better-call's getBody, in that order).
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;
const FORM_TYPE = 'application/x-www-form-urlencoded';

export interface AuthInput {
  /** The URL's query string as Better Auth will read it (`URL.search`, with or without its `?`). */
  search: string;
  contentType: string | undefined;
  body: Buffer | undefined;
}

/** Why Better Auth must not be given this request, as a sentence for the caller; null when it may. */
export function malformedAuthInput({ search, contentType, body }: AuthInput): string | null {
  const queryProblem = malformedForm(search.startsWith('?') ? search.slice(1) : search);
  if (queryProblem) return invalidInputMessage('query', queryProblem);
  if (!body || body.length === 0) return null;
  const type = (contentType ?? '').toLowerCase();
  if (JSON_TYPE.test(type)) return malformedJson(body);
  if (type.includes(FORM_TYPE)) {
    const text = utf8(body);
    if (text === null) return 'The request body is not valid UTF-8.';
    const formProblem = malformedForm(text);
    return formProblem ? invalidInputMessage('body', formProblem) : null;
  }
  // Better Auth refuses any other type (415) without reading the body.
  return null;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The text of UTF-8 bytes (a leading byte order mark dropped, as Fetch's `json()` does), or null. */
function utf8(bytes: Buffer): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

function malformedJson(body: Buffer): string | null {
  const text = utf8(body);
  if (text === null) return 'The request body is not valid UTF-8.';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'The request body is not valid JSON.';
  }
  if (nestedDeeperThan(value, MAX_AUTH_BODY_DEPTH)) {
    return `The request body is nested more than ${MAX_AUTH_BODY_DEPTH} levels deep.`;
  }
  const issue = findUnstorableText(value);
  return issue ? invalidInputMessage('body', describeIssues([issue])) : null;
}

/** Whether arrays and objects sit more than `limit` levels deep (walked without recursion). */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

// A run of percent-escapes: the bytes of one or more characters, decoded together.
const ESCAPES = /(?:%[0-9a-f]{2})+/gi;

/**
 * What is wrong with `key=value&…` text (a query string or a form body), or null. It is read as
 * URLSearchParams reads it, `+` as a space and a `%` that starts no escape as itself, except that
 * escapes which are not UTF-8 are refused rather than read as U+FFFD.
 */
function malformedForm(text: string): string | null {
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeFormText(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decodeFormText(pair.slice(equals + 1));
    if (name === null || value === null) return 'it is not valid percent-encoded UTF-8';
    // Names are checked too (core's rule reports them as "property names").
    const issue = findUnstorableText({ [name]: value });
    if (issue) return describeIssues([issue]);
  }
  return null;
}

function decodeFormText(text: string): string | null {
  try {
    return text.replace(/\+/g, ' ').replace(ESCAPES, (escapes) => decodeURIComponent(escapes));
  } catch {
    return null;
  }
}

/**
 * A refusal both readers understand: the API's envelope (`success`, `code`, `error`) and Better
 * Auth's client, which reads `code` and `message`.
 */
export interface AuthRefusal {
  success: false;
  code: ErrorCode;
  error: string;
  message: string;
}

export const authRefusal = (code: ErrorCode, message: string): AuthRefusal => ({
  success: false,
  code,
  error: message,
  message,
});

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * What to answer in place of an error Better Auth sent without a body (its router answers a failure
 * it did not expect with an empty 500, and a path it does not know with an empty 404).
 */
export function emptyErrorAnswer(status: number): AuthRefusal {
  if (status >= 500) return authRefusal(status === 503 ? 'UNAVAILABLE' : 'INTERNAL', INTERNAL_MESSAGE);
  const code = (Object.keys(errorStatus) as ErrorCode[]).find((name) => errorStatus[name] === status);
  if (code === 'NOT_FOUND') return authRefusal(code, 'No such sign-in call.');
  return authRefusal(code ?? 'BAD_REQUEST', 'This sign-in request could not be handled.');
}
