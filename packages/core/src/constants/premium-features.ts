import { brand } from '../brand';
import { englishList } from '../rules/intl-formats';
import { FEEDBLOCKING_SITE_LABELS, FEEDBLOCKING_SITES } from './feedblocking';

/** One line of the upgrade card's "What you get": a title and one sentence about it. */
export interface PremiumFeature {
  title: string;
  description: string;
}

const feedSites = englishList(FEEDBLOCKING_SITES.map((site) => FEEDBLOCKING_SITE_LABELS[site]));

/**
 * What a plan gets, as the subscription page's upgrade card lists it. Each line says what
 * Stillpoint does today, and nothing more: no limits it does not have, no numbers it does not
 * keep. Change a line here when the product changes.
 */
export const PREMIUM_FEATURES: readonly PremiumFeature[] = [
  {
    title: 'A pause before the sites you choose',
    description: `Open one and ${brand.name} asks you to breathe first, with a quote, before you decide to go in.`,
  },
  {
    title: 'Daily session budgets',
    description: 'Choose how many sessions each site gets a day, and how long each session lasts.',
  },
  {
    title: `Feed blocking on ${FEEDBLOCKING_SITES.length} sites`,
    description: `${feedSites}: the feed rests, search stays.`,
  },
  {
    title: 'Your phone use, summed up',
    description: `With the ${brand.name} phone app: screen time today, your day streak and each app's use, on your home page.`,
  },
  {
    title: 'The web app and the Chrome extension',
    description: 'Your sites, budgets and feed settings are the same in both.',
  },
  {
    title: 'Cancel anytime',
    description: 'Manage or cancel your plan on this page; premium lasts to the end of the current period.',
  },
];
