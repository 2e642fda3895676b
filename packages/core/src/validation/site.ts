import { z } from 'zod';
import { SITE_TEXT_MIN_LENGTH } from '../constants/limits';
import { isValidHostName } from './host';

/** Add Site is possible once the site text has 3 characters (SPEC §5). */
export const isValidSiteText = (text: string): boolean => text.trim().length >= SITE_TEXT_MIN_LENGTH;

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//;
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/**
 * The origin to intercept, from whatever a person typed or a URL they pasted:
 * 'youtube.com' → 'https://youtube.com', 'https://www.youtube.com/watch?v=1' →
 * 'https://www.youtube.com'. No scheme means https. Only http(s) and host names with a dot (or
 * 'localhost') pass; anything else, including IPv6 literals and non-ASCII names, gives null.
 * No 'www.' is added or removed: the host is kept as typed, and matching uses siteMatchKey.
 */
export function normaliseSiteOrigin(input: string): string | null {
  let rest = input.trim().toLowerCase();
  let scheme = 'https';
  const schemeMatch = SCHEME.exec(rest);
  if (schemeMatch) {
    scheme = schemeMatch[1] ?? '';
    if (!(scheme in DEFAULT_PORTS)) return null;
    rest = rest.slice(schemeMatch[0].length);
  }
  const authority = rest.split(/[/?#]/, 1)[0] ?? '';
  // Credentials in a site address are either a mistake or a trick; refuse them.
  if (authority.includes('@')) return null;
  const [host = '', port, ...extra] = authority.split(':');
  if (extra.length > 0 || !isValidHostName(host)) return null;
  if (port === undefined || port === DEFAULT_PORTS[scheme]) return `${scheme}://${host}`;
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65_535) return null;
  return `${scheme}://${host}:${port}`;
}

/**
 * The key two sites are compared by: the host without a leading 'www.', so 'youtube.com' and
 * 'www.youtube.com' are the same site for interception and duplicate checks.
 */
export function siteMatchKey(originOrHost: string): string {
  const host = originOrHost.replace(SCHEME, '').split(/[/:?#]/, 1)[0] ?? '';
  return host.toLowerCase().replace(/^www\./, '');
}

/** The Add Site text field as the server receives it: validated, then normalised to an origin. */
export const siteOriginSchema = z.string({ error: 'siteOrigin must be text' }).transform((value, ctx) => {
  const origin = normaliseSiteOrigin(value);
  if (origin === null) {
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: 'Enter a site like youtube.com or https://www.youtube.com',
    });
    return z.NEVER;
  }
  return origin;
});

// Scheme, then an optional user-info part, then the host (and port) up to the path.
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#\\]*@)?([^@/?#\\\s]+)/i;

/** The host a person recognises: 'https://www.youtube.com' → 'www.youtube.com'; null if unreadable. */
export function hostOf(url: string | null | undefined): string | null {
  const host = url ? AUTHORITY.exec(url.trim())?.[1] : undefined;
  return host ? host.toLowerCase() : null;
}

/** A stored origin as a person reads it, or the text itself when it is no URL. */
export const siteHost = (origin: string): string => hostOf(origin) ?? origin;
