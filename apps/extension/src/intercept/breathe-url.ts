/** The web app's intercept page for a site (SPEC §2 /breathe: returnUrl and siteId). */
export function breatheUrl(webAppOrigin: string, returnUrl: string, siteId: string): string {
  const query = new URLSearchParams({ returnUrl, siteId });
  return `${webAppOrigin}/breathe?${query}`;
}

const isHttpUrl = (value: string): boolean => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The intercept page's one job: turn `?siteId=…&origin=…#<original URL>` (what the redirect rule
 * writes) into the breathe page's address. Anything else (a page opened by hand, an origin this
 * build does not trust, a non-web URL) gives null, so the page cannot be used as an open redirect.
 */
export function breatheUrlFromInterceptPage(
  location: { search: string; hash: string },
  isAllowedOrigin: (origin: string) => boolean,
): string | null {
  const params = new URLSearchParams(location.search);
  const siteId = params.get('siteId');
  const origin = params.get('origin');
  const returnUrl = location.hash.replace(/^#/, '');
  if (!siteId || !origin || !isAllowedOrigin(origin) || !isHttpUrl(returnUrl)) return null;
  return breatheUrl(origin, returnUrl, siteId);
}
