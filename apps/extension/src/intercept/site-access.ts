import { siteIdentity } from '@stillpoint/core';
import type { Permissions } from '../platform/types';

/**
 * Host access per site (decision 045): a redirect rule only acts on a site the extension has
 * access to, so a site is intercepted once access to it is granted on this browser.
 */

/**
 * The match pattern granting access to a site: its host and every subdomain, any scheme, any port
 * (match patterns have none). The same reach as the site's redirect rule.
 */
export function siteAccessPattern(siteOrigin: string): string | null {
  const identity = siteIdentity(siteOrigin);
  if (!identity) return null;
  // An IP address has no subdomains, and Chrome refuses `*.` before one.
  const isAddress = /^[\d.]+$/.test(identity.host) || identity.host.startsWith('[');
  return isAddress ? `*://${identity.host}/*` : `*://*.${identity.host}/*`;
}

/** The patterns for these sites, once each, for one `chrome.permissions.request`. */
export function siteAccessPatterns(sites: readonly { siteOrigin: string }[]): string[] {
  const patterns = sites.map((site) => siteAccessPattern(site.siteOrigin));
  return [...new Set(patterns.filter((pattern): pattern is string => pattern !== null))];
}

/** The ids of the sites the extension has access to on this browser. */
export async function sitesWithAccess(
  permissions: Permissions,
  sites: readonly { id: string; siteOrigin: string }[],
): Promise<Set<string>> {
  const granted = await Promise.all(
    sites.map(async (site) => {
      const pattern = siteAccessPattern(site.siteOrigin);
      // A pattern Chrome cannot read is access nobody can grant.
      return pattern !== null && (await permissions.contains({ origins: [pattern] }).catch(() => false));
    }),
  );
  return new Set(sites.filter((_, index) => granted[index]).map((site) => site.id));
}

/** The active sites still needing access on this browser, in the order given. */
export async function sitesNeedingAccess<T extends { id: string; siteOrigin: string; active: boolean }>(
  permissions: Permissions,
  sites: readonly T[],
): Promise<T[]> {
  const active = sites.filter((site) => site.active);
  const granted = await sitesWithAccess(permissions, active);
  return active.filter((site) => !granted.has(site.id));
}
