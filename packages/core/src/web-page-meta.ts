import { brand } from './brand';
import { FREE_TRIAL_DAYS, GIFT_DURATION_YEARS } from './constants/plans';
import { CHALLENGE_SHARE_PERCENT } from './rules/challenge';
import { REFERRAL_LINK_PATH, referrerDisplayName } from './rules/referral';
import { type PublicWebPagePath, referralPageTitle, WEB_PAGE_NAMES, webPageTitle } from './web-page-titles';
import { WEB_PAGES, type WebPagePath, webPageKey } from './web-pages';

/** What a shared link to a page says about it: in the browser tab, a search result and a preview. */
export interface WebPageMeta {
  /** The page's own name, as its tab shows it before the brand (WEB_PAGE_NAMES). */
  name: string;
  /** One or two plain sentences on what the page offers, at most WEB_PAGE_DESCRIPTION_MAX characters. */
  description: string;
  /** The large line on the page's social image. */
  headline: string;
}

/** Search results and previews cut a description beyond about this many characters. */
export const WEB_PAGE_DESCRIPTION_MAX = 160;

const giftLength = GIFT_DURATION_YEARS === 1 ? 'A year' : `${GIFT_DURATION_YEARS} years`;
/** What a gift link's preview names: the gift, never its code. */
const gift = `${giftLength} of ${brand.name} Premium, a gift`;

/** The rest of each public page's sharing text: the server's head and the social image. */
const SHARING_TEXT: Record<PublicWebPagePath, Omit<WebPageMeta, 'name'>> = {
  '/signin': {
    description: `Sign in to ${brand.name} with your phone number, Google or Apple to see your sites, budgets and pauses.`,
    headline: `Sign in to ${brand.name}`,
  },
  '/quiz': {
    description: 'A few questions about your screen time, and a plan for taking some of it back.',
    headline: 'How much of your day goes to the scroll?',
  },
  '/quiz-results': {
    description: `Your plan from the ${brand.name} quiz: the sites to slow down, a budget for each and a breath before you go in.`,
    headline: 'Your personal plan',
  },
  '/getting-started': {
    description: `Set up ${brand.name} in a few steps: pick the sites that pull you in and give each a daily budget.`,
    headline: 'Take back your attention, one breath at a time',
  },
  '/checkout': {
    description: `Start a ${FREE_TRIAL_DAYS}-day free trial of ${brand.name} Premium. Cancel any time before it ends and pay nothing.`,
    headline: `${FREE_TRIAL_DAYS} days of Premium, free`,
  },
  '/webcheckout': {
    description: `Subscribe to ${brand.name} Premium for the phone app, on the web.`,
    headline: `${brand.name} Premium for your phone`,
  },
  '/uninstall-chrome-extension': {
    description: `You removed the ${brand.name} extension from Chrome. Tell us what did not work, in a few words.`,
    headline: 'What could we do better?',
  },
  [REFERRAL_LINK_PATH]: {
    description: `You are invited to ${brand.name}: a breath before distracting sites and apps, and a daily budget for each.`,
    headline: `You are invited to ${brand.name}`,
  },
  '/twopercent': {
    description: `Give distracting sites ${CHALLENGE_SHARE_PERCENT}% of your day and no more: the screen time challenge, in four steps.`,
    headline: `The ${CHALLENGE_SHARE_PERCENT}% screen time challenge`,
  },
  '/android': {
    description: `${brand.name} for Android: a pause before the apps that pull you in, and a daily budget for each.`,
    headline: `${brand.name} for Android`,
  },
  '/gift': {
    description: `Give someone ${giftLength.toLowerCase()} of ${brand.name} Premium. You get a gift code to pass on by e-mail or by hand.`,
    headline: `Give the gift of ${brand.name}`,
  },
  '/redeem': {
    description: `Someone gave you ${giftLength.toLowerCase()} of ${brand.name} Premium. Sign in and enter your gift code to start it.`,
    headline: gift,
  },
  '/newsletter/confirm': {
    description: `Confirm your subscription to the ${brand.name} newsletter.`,
    headline: `The ${brand.name} newsletter`,
  },
  '/newsletter/unsubscribe': {
    description: `Stop getting the ${brand.name} newsletter.`,
    headline: 'Unsubscribe from the newsletter',
  },
  '/mobileDownload': {
    description: `Get ${brand.name} on your phone: the same pause and budgets as in your browser, on one account.`,
    headline: `${brand.name} on your phone`,
  },
  '/account/deleted': {
    description: `Your ${brand.name} account and its data are deleted.`,
    headline: 'Your account is deleted',
  },
  '/privacy': {
    description: `What ${brand.name} collects, why, who processes it and how to get or delete your data.`,
    headline: 'Privacy policy',
  },
  '/terms': {
    description: `The terms for using ${brand.name} and paying for Premium: trials, renewals, refunds and gifts.`,
    headline: 'Terms of service',
  },
};

/** Each public page's sharing text, in one place: its tab title, the server's head and its image. */
export const WEB_PAGE_META = /* @__PURE__ */ Object.fromEntries(
  Object.entries(SHARING_TEXT).map(([page, text]) => [
    page,
    { name: WEB_PAGE_NAMES[page as PublicWebPagePath], ...text },
  ]),
) as Record<PublicWebPagePath, WebPageMeta>;

/** The size of each page's social image: what Open Graph and Twitter's large card expect. */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The public pages, in the order of WEB_PAGES. */
export const PUBLIC_WEB_PAGE_PATHS = (Object.keys(WEB_PAGES) as WebPagePath[]).filter(
  (page): page is PublicWebPagePath => page in WEB_PAGE_META,
);

/** What a page's head says when shared, for one request: its title as a preview shows it. */
export interface SharedPageHead {
  page: PublicWebPagePath;
  /** The `<title>`. */
  title: string;
  /** The preview's title (og:title, twitter:title). */
  shareTitle: string;
  description: string;
}

const publicByKey = new Map(PUBLIC_WEB_PAGE_PATHS.map((page) => [webPageKey(page), page]));

/** The public page at `pathname` as the router matches it, or null (a signed-in page, or none). */
export const publicWebPageAt = (pathname: string): PublicWebPagePath | null =>
  publicByKey.get(webPageKey(pathname)) ?? null;

/**
 * The head of a public page for one request. Only the referral landing varies: it names the sharer
 * (`sharedByName` from its address), cleaned and shortened as the page itself writes it
 * (referrerDisplayName). Nothing else a link carries goes in, so a gift code in a /redeem link
 * never reaches a preview.
 */
export function sharedPageHead(page: PublicWebPagePath, sharedByName: string | null = null): SharedPageHead {
  const meta = WEB_PAGE_META[page];
  const fixed = {
    page,
    title: webPageTitle(page),
    shareTitle: webPageTitle(page),
    description: meta.description,
  };
  if (page === '/redeem') return { ...fixed, shareTitle: gift };
  if (page !== REFERRAL_LINK_PATH) return fixed;
  const name = referrerDisplayName(sharedByName);
  if (!name) return fixed;
  return {
    page,
    title: referralPageTitle(name),
    shareTitle: `${name} invited you to ${brand.name}`,
    description: `${name} shared ${brand.name} with you: a breath before distracting sites and apps, and a daily budget for each.`,
  };
}
