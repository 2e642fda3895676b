/**
 * What a browser's error report must not carry to storage or to Sentry (docs/observability.md,
 * "Errors from browsers"): query strings and fragments of any address (sign-in links, reset links
 * and payment returns put codes and tokens there), and tokens, secrets, codes, e-mail addresses and
 * phone numbers wherever they appear in the text. Each is replaced by a placeholder naming what was
 * there, so a report still reads as the error it was. The server scrubs each report it stores with
 * these, and the web app each event Sentry's browser SDK sends, so both see the same text.
 */

/**
 * A whole word of the text, as far as an address can reach: whitespace, quotes, parentheses and
 * angle brackets end it. Matched from its start only, so scrubbing takes time in proportion to the
 * text whatever it holds (the text is someone else's input).
 */
const WORD = /(?<![^\s'"()<>])[^\s'"()<>]+/g;
/** A stack frame's `:line:column` after a query string, which is kept. */
const POSITION = /(?::\d+){1,2}$/;

const replacements: readonly (readonly [RegExp, string])[] = [
  // `Authorization: Bearer …` and the like, whatever the token looks like.
  [/\b(bearer|basic|token)(\s+|[:=]\s*)[^\s'",;()<>]+/gi, '$1$2[token]'],
  // JSON Web Tokens: three base64url parts, the first starting with `{"` encoded.
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[token]'],
  [/(?<![\w.+-])[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi, '[email]'],
  // International numbers, and the common national ways of writing ten digits.
  [/(?<![\w:/.])\+\d[\d\s().-]{6,}\d(?![\w:])/g, '[phone]'],
  [/(?<![\w:/.])\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}(?![\w:])/g, '[phone]'],
  [/(?<![\w:/.+])\d{10,15}(?![\w:])/g, '[phone]'],
  // Long runs of hex or base64 with letters and digits mixed: keys, session tokens, hashes.
  [/(?<![\w+=-])(?=[\w+=-]*\d)(?=[\w+=-]*[a-z])[\w+-]{32,}={0,2}(?![\w+=-])/gi, '[secret]'],
  // Sign-in and gift codes; not a stack frame's line or column (`:123456`).
  [/(?<![\w:.])\d{6}(?![\w:])/g, '[code]'],
];

/** Addresses and paths without their query string or fragment (a stack frame keeps its line and column). */
function withoutQuery(text: string): string {
  return text.replace(WORD, (word) => {
    const at = word.search(/[?#]/);
    // A `?` or `#` after a path or an address; a question mark ending a sentence is not one.
    if (at < 0 || !word.slice(0, at).includes('/')) return word;
    return word.slice(0, at) + (POSITION.exec(word.slice(at))?.[0] ?? '');
  });
}

/** Text of a report with addresses' queries, tokens, secrets, codes, e-mails and phone numbers removed. */
export function scrubText(text: string): string {
  let scrubbed = withoutQuery(text);
  for (const [pattern, placeholder] of replacements) scrubbed = scrubbed.replace(pattern, placeholder);
  return scrubbed;
}

/** A page's path: without its query string and fragment, and with anything secret in the path replaced. */
export function scrubRoute(route: string): string {
  const path = route.split(/[?#]/, 1)[0] ?? '';
  return scrubText(path) || '/';
}
