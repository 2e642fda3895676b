/**
 * How a crawler may treat a page: `list` puts it in the sitemap (a public page that stands on its
 * own), `allow` lets it be crawled but leaves it out (it makes sense only with a query, a link or
 * an earlier step), `disallow` keeps crawlers out (a signed-in page, or an action like sign-out).
 */
export type WebPageCrawl = 'list' | 'allow' | 'disallow';

/**
 * Every page path of the web app's route table (apps/web/src/app/routes.tsx; a web test keeps the
 * two the same). The server answers any other path with the not-found page and status 404.
 */
export const WEB_PAGES = {
  '/': 'disallow',
  '/subscription': 'disallow',
  '/account': 'disallow',
  '/onboarding': 'disallow',
  '/onboarding-ios': 'disallow',
  '/breathe': 'disallow',
  '/signin': 'list',
  '/signout': 'disallow',
  '/quiz': 'list',
  '/quiz-results': 'allow',
  '/getting-started': 'list',
  '/checkout': 'list',
  '/webcheckout': 'allow',
  '/uninstall-chrome-extension': 'allow',
  '/referral-link': 'allow',
  '/twopercent': 'list',
  '/android': 'list',
  '/gift': 'list',
  '/redeem': 'list',
  '/newsletter/confirm': 'allow',
  '/newsletter/unsubscribe': 'allow',
  '/mobileDownload': 'list',
  '/account/deleted': 'allow',
  '/privacy': 'list',
  '/terms': 'list',
  '/admin': 'disallow',
  '/admin/person': 'disallow',
  '/admin/feedback': 'disallow',
  '/admin/audit': 'disallow',
  '/admin/errors': 'disallow',
} as const satisfies Record<string, WebPageCrawl>;

export type WebPagePath = keyof typeof WEB_PAGES;

/**
 * Where the build draws the not-found page (the router's catch-all): not a page, so the server
 * sends this drawing with status 404 for every path that is not one.
 */
export const NOT_FOUND_DRAWING_PATH = '/404';

/** A path as the router matches it: without case and without a trailing slash. */
export const webPageKey = (pathname: string): string => pathname.toLowerCase().replace(/\/+$/, '') || '/';

const pageKeys = new Set(Object.keys(WEB_PAGES).map(webPageKey));

/** Whether the web app has a page at `pathname` (no query), as its router would match it. */
export const isWebPagePath = (pathname: string): boolean => pageKeys.has(webPageKey(pathname));

const pathsWhere = (crawl: WebPageCrawl) =>
  (Object.keys(WEB_PAGES) as WebPagePath[]).filter((page) => WEB_PAGES[page] === crawl);

/** The pages a sitemap lists. */
export const SITEMAP_PAGE_PATHS: readonly WebPagePath[] = pathsWhere('list');

/** Paths the server owns outside the API, which are never the web app's pages. */
export const SERVER_OWN_PATH_PREFIXES = ['/api/', '/local-pay/'] as const;

/**
 * robots.txt for the public origin (`https://stillpoint.app`, no trailing slash): crawlers keep
 * out of the API, the payment provider's pages and the signed-in pages, and find the sitemap.
 * Home is signed in too, but it is the origin's root: disallowing `/` would disallow every path.
 */
export function robotsTxt(origin: string): string {
  const disallowed = [...SERVER_OWN_PATH_PREFIXES, ...pathsWhere('disallow').filter((page) => page !== '/')];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml (sitemaps.org 0.9) of the listed pages, each at its absolute address. */
export function sitemapXml(origin: string): string {
  const urls = SITEMAP_PAGE_PATHS.map((page) => `  <url><loc>${xmlText(`${origin}${page}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
