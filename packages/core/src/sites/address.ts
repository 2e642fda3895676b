import { isValidHostName } from '../validation/host';
import { internationalHostToAscii } from './web-url';

/** What a person typed for a site, read as an address: the host is kept as typed, www. included. */
export interface SiteAddress {
  scheme: 'http' | 'https';
  /** Lower case, punycode for international names, no trailing dot: 'www.youtube.com'. */
  host: string;
  /** A port that was typed, or null: none, or a default web port (80, 443). */
  port: number | null;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//;
const PORT = /^\d{1,5}$/;
const MAX_PORT = 65_535;
/**
 * The ports a web address has when none is written. Where a site is does not depend on the
 * scheme (http and https are intercepted alike), so neither does which port counts as none.
 */
const DEFAULT_WEB_PORTS: ReadonlySet<number> = new Set([80, 443]);

/** Lower case, punycode and no root dot ('Bücher.DE.' → 'xn--bcher-kva.de'); null if no host name. */
function readHostName(typed: string): string | null {
  const ascii = /\P{ASCII}/u.test(typed) ? internationalHostToAscii(typed) : typed;
  if (ascii === null) return null;
  // 'youtube.com.' is the fully qualified form of 'youtube.com': the same host.
  const host = ascii.endsWith('.') ? ascii.slice(0, -1) : ascii;
  return isValidHostName(host) ? host : null;
}

/**
 * Reads a site from what a person typed or pasted, or from a stored origin: 'youtube.com',
 * 'HTTPS://WWW.YouTube.com/watch?v=1', 'localhost:8080'. No scheme means https; only http(s)
 * pass. A path, query or fragment pasted along is dropped. The host must be a name with a dot or
 * 'localhost' (IPv6 literals are refused), and credentials ('user@host') are refused as a
 * mistake or a trick. Null when it is no site.
 */
export function readSiteAddress(text: string): SiteAddress | null {
  let rest = text.trim().toLowerCase();
  let scheme: SiteAddress['scheme'] = 'https';
  const schemeMatch = SCHEME.exec(rest);
  if (schemeMatch) {
    if (schemeMatch[1] !== 'http' && schemeMatch[1] !== 'https') return null;
    scheme = schemeMatch[1];
    rest = rest.slice(schemeMatch[0].length);
  }
  // Browsers read a backslash after the host as a slash, so it ends the host here too.
  const authority = rest.split(/[/?#\\]/, 1)[0] ?? '';
  if (authority.includes('@')) return null;
  const [typedHost = '', typedPort, ...extra] = authority.split(':');
  if (extra.length > 0) return null;
  const host = readHostName(typedHost);
  if (host === null) return null;
  if (typedPort === undefined) return { scheme, host, port: null };
  const port = Number(typedPort);
  if (!PORT.test(typedPort) || port > MAX_PORT) return null;
  return { scheme, host, port: DEFAULT_WEB_PORTS.has(port) ? null : port };
}
