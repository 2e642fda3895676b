import { brand } from './brand';
import type { WEB_PAGES, WebPagePath } from './web-pages';

/** A page anyone may open, and so share: every page of WEB_PAGES that crawlers are not kept out of. */
export type PublicWebPagePath = {
  [Page in WebPagePath]: (typeof WEB_PAGES)[Page] extends 'disallow' ? never : Page;
}[WebPagePath];

/**
 * Each public page's own name, as its tab shows it before the brand: `Gift` in `Gift · Stillpoint`.
 * Apart from the rest of its sharing text (web-page-meta.ts), which the web app does not load:
 * every page's code carries this list, so it imports no rules: the legal pages' names are their
 * documents' titles and the challenge's names its share (tests keep them the same).
 */
export const WEB_PAGE_NAMES: Record<PublicWebPagePath, string> = {
  '/signin': 'Sign in',
  '/quiz': 'Quiz',
  '/quiz-results': 'Your personal plan',
  '/getting-started': 'Getting started',
  '/checkout': 'Checkout',
  '/webcheckout': 'Subscribe',
  '/uninstall-chrome-extension': 'Uninstall feedback',
  '/referral-link': 'Invitation',
  '/twopercent': '2% challenge',
  '/android': 'Android',
  '/gift': 'Gift',
  '/redeem': 'Redeem',
  '/newsletter/confirm': 'Newsletter',
  '/newsletter/unsubscribe': 'Unsubscribe',
  '/mobileDownload': 'Download',
  '/account/deleted': 'Account deleted',
  '/privacy': 'Privacy policy',
  '/terms': 'Terms of service',
};

/** A tab title: `Gift · Stillpoint`. */
export const titleOf = (name: string): string => `${name} · ${brand.name}`;

/** A public page's tab title, the same in its served head and once the app has drawn it. */
export const webPageTitle = (page: PublicWebPagePath): string => titleOf(WEB_PAGE_NAMES[page]);

/** The referral landing's tab title, naming the sharer when the link does. */
export const referralPageTitle = (sharerName: string | null): string =>
  titleOf(sharerName ? `${sharerName} invited you` : WEB_PAGE_NAMES['/referral-link']);
