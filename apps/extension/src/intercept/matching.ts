import { siteMatchKey } from '@stillpoint/core';

/**
 * Which URLs belong to an intercepted site. A site is its host without a leading 'www.'
 * (core's siteMatchKey), so 'youtube.com', 'www.youtube.com' and 'm.youtube.com' are one site,
 * on http or https and on any path. A site saved with an explicit port ('localhost:8080')
 * matches that port only; without one it matches any port.
 */
export interface SitePattern {
  /** The host key: 'youtube.com'. */
  key: string;
  /** The explicit port of the site's origin, or null for any port. */
  port: string | null;
}

export function sitePattern(siteOrigin: string): SitePattern | null {
  let url: URL;
  try {
    url = new URL(siteOrigin.includes('://') ? siteOrigin : `https://${siteOrigin}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname.startsWith('[')) return null;
  // 'www.com' is a site of its own, not every '.com': keep the www when stripping leaves no dot.
  const stripped = siteMatchKey(url.hostname);
  const key = stripped.includes('.') || stripped === 'localhost' ? stripped : url.hostname;
  if (!key) return null;
  return { key, port: url.port || null };
}

/** The URL's host and port, for http(s) URLs only. */
function hostOf(url: string): { host: string; port: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return { host: parsed.hostname.toLowerCase().replace(/\.$/, ''), port: parsed.port };
}

/** Whether `host` is the key or one of its subdomains ('www.m.youtube.com' belongs to 'youtube.com'). */
export const hostBelongsTo = (host: string, key: string): boolean => host === key || host.endsWith(`.${key}`);

export function urlMatchesSite(url: string, pattern: SitePattern): boolean {
  const target = hostOf(url);
  if (!target) return false;
  if (pattern.port !== null && target.port !== pattern.port) return false;
  return hostBelongsTo(target.host, pattern.key);
}

/** The first of `sites` that `url` belongs to, or null. */
export function siteForUrl<S extends { siteOrigin: string }>(url: string, sites: readonly S[]): S | null {
  for (const site of sites) {
    const pattern = sitePattern(site.siteOrigin);
    if (pattern && urlMatchesSite(url, pattern)) return site;
  }
  return null;
}
