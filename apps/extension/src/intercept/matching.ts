import { siteIdentity, urlBelongsToSite } from '@stillpoint/core';

/**
 * The first of `sites` that visiting `url` is a visit to, or null. What a site covers (its host
 * and subdomains, 'www.' or not, its port if it has one) is core's siteIdentity: the same rule
 * the server judges duplicates by and the redirect rules are built from (docs/sites.md).
 */
export function siteForUrl<S extends { siteOrigin: string }>(url: string, sites: readonly S[]): S | null {
  for (const site of sites) {
    const identity = siteIdentity(site.siteOrigin);
    if (identity && urlBelongsToSite(url, identity)) return site;
  }
  return null;
}
