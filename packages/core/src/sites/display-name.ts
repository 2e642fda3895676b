// RFC 3492's Bootstring parameters for Punycode.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

const adapt = (delta: number, points: number, first: boolean): number => {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
};

const digitOf = (code: number): number => {
  if (code >= 0x30 && code <= 0x39) return code - 22; // 0-9 → 26-35
  if (code >= 0x41 && code <= 0x5a) return code - 0x41; // A-Z
  if (code >= 0x61 && code <= 0x7a) return code - 0x61; // a-z
  return BASE;
};

/** One Punycode label's Unicode, or null when it is not valid Punycode. */
function decodeLabel(encoded: string): string | null {
  const split = encoded.lastIndexOf('-');
  const output = [...(split > 0 ? encoded.slice(0, split) : '')].map((c) => c.codePointAt(0) ?? 0);
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let at = split > 0 ? split + 1 : 0; at < encoded.length; ) {
    const previous = i;
    let weight = 1;
    for (let k = BASE; ; k += BASE) {
      if (at >= encoded.length) return null;
      const digit = digitOf(encoded.charCodeAt(at++));
      if (digit >= BASE) return null;
      i += digit * weight;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      weight *= BASE - t;
    }
    bias = adapt(i - previous, output.length + 1, previous === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

// An 'xn--' label: at the start, or after a dot, a slash or '@' (a host, an origin or a URL).
const ENCODED_LABEL = /(?<![\w-])xn--([a-z0-9-]+)/gi;

/**
 * A host name, origin or URL as a person reads it: each 'xn--' label in Unicode
 * ('xn--r8jz45g.xn--zckzah' → '例え.テスト'). Only for showing; a site's stored identity stays
 * ASCII. A label that is not valid Punycode is shown as it is.
 */
export const siteDisplayName = (host: string): string =>
  host.replace(ENCODED_LABEL, (label, encoded: string) => decodeLabel(encoded.toLowerCase()) ?? label);

// hostOf and siteHost live here, not beside the validators: the schemas that check a typed site
// then load no Punycode decoder with them.

// Scheme, then an optional user-info part, then the host (and port) up to the path.
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#\\]*@)?([^@/?#\\\s]+)/i;

/**
 * The host a person recognises: 'https://www.youtube.com' → 'www.youtube.com', an international
 * name in Unicode ('https://xn--bcher-kva.de' → 'bücher.de'); null if unreadable. For showing
 * only: compare sites by their identity (sites/identity.ts).
 */
export function hostOf(url: string | null | undefined): string | null {
  const host = url ? AUTHORITY.exec(url.trim())?.[1] : undefined;
  return host ? siteDisplayName(host.toLowerCase()) : null;
}

/** A stored origin as a person reads it, or the text itself when it is no URL. */
export const siteHost = (origin: string): string => hostOf(origin) ?? origin;
