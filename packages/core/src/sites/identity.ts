import { isValidHostName } from '../validation/host';
import { readSiteAddress } from './address';
import { parseWebUrl } from './web-url';

/**
 * What a site is, whichever way it was typed (docs/sites.md): a host and, when one was typed, a
 * port. It intercepts every http(s) URL on that host or any of its subdomains, on any path; on
 * any port when it has none, else on that port only. Two sites are the same site exactly when
 * their identities are equal, which is exactly when they intercept the same URLs.
 */
export interface SiteIdentity {
  /** 'youtube.com' for 'https://www.YouTube.com./feed'. */
  host: string;
  /** 8080 for 'localhost:8080'; null for any port. */
  port: number | null;
}

/**
 * A leading 'www.' names the same site as the host without it, but only while what remains is
 * still a site name: 'www.youtube.com' is youtube.com, 'www.localhost' is localhost, while
 * 'www.com' stays www.com rather than becoming all of '.com'.
 */
function withoutWww(host: string): string {
  const rest = host.startsWith('www.') ? host.slice('www.'.length) : host;
  return rest !== host && isValidHostName(rest) ? rest : host;
}

/** The site that typed text or a stored origin means, or null when it is no site. */
export function siteIdentity(textOrOrigin: string): SiteIdentity | null {
  const address = readSiteAddress(textOrOrigin);
  return address ? { host: withoutWww(address.host), port: address.port } : null;
}

const identityKey = ({ host, port }: SiteIdentity): string => (port === null ? host : `${host}:${port}`);

/**
 * The one text two sites are compared by, and that the server's unique index holds:
 * 'youtube.com' for 'https://www.youtube.com', 'localhost:8080' for 'http://localhost:8080/app'.
 * Text that is no site (half typed, say) keys as itself, trimmed and in lower case, so it never
 * equals a site's key.
 */
export function siteMatchKey(originOrText: string): string {
  const identity = siteIdentity(originOrText);
  return identity ? identityKey(identity) : originOrText.trim().toLowerCase();
}

/** Whether two typed sites or origins are one site: they intercept exactly the same URLs. */
export function isSameSite(a: string, b: string): boolean {
  const first = siteIdentity(a);
  const second = siteIdentity(b);
  return first !== null && second !== null && identityKey(first) === identityKey(second);
}

/** Whether visiting `url` is visiting the site: an http(s) URL on its host or a subdomain, on its port. */
export function urlBelongsToSite(url: string, site: SiteIdentity): boolean {
  const target = parseWebUrl(url);
  if (!target) return false;
  if (site.port !== null && target.port !== String(site.port)) return false;
  const host = target.hostname.endsWith('.') ? target.hostname.slice(0, -1) : target.hostname;
  return host === site.host || host.endsWith(`.${site.host}`);
}
