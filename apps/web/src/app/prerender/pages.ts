import {
  CHECKOUT_SESSION_PARAM,
  NOT_FOUND_DRAWING_PATH,
  REDEEM_STEP_PARAM,
  REDEMPTION_CODE_PARAM,
  REFERRAL_GROUP_PARAM,
} from '@stillpoint/core';
import { FUNNEL_PLACE_KEY } from '../../features/funnel/funnel-storage';
import { QUIZ_STORAGE_KEY } from '../../features/quiz/quiz-storage';
import { OAUTH_RETURN_KEY } from '../../lib/auth/oauth-return';
import { SSID_PARAM } from '../../lib/payment-form/payment-return';
import { SESSION_TOKEN_KEY } from '../../lib/session-token';
import { STRIPE_SUCCESS_PARAM } from '../../lib/subscription/checkout-return';

/**
 * A key in the browser's storage, as `local:key` or `session:key`; `!local:key` stands for the key
 * being absent.
 */
export type StoredKey = `${'' | '!'}${'local' | 'session'}:${string}`;

export interface PrerenderedPage {
  /** Stored keys that may give the visitor another first screen: then the drawing is dropped. */
  unlessStored: StoredKey[];
  /** Query parameters that change the first screen: with any of them the page is sent without it. */
  unlessQuery?: string[];
  /**
   * The page names the destination of the pause from its query (the breathe page): it is also
   * drawn for a placeholder destination, which the server replaces with the request's.
   */
  namesDestination?: boolean;
  /**
   * The page names who shared the link from its query (`sharedByName`, the referral landing): it
   * is also drawn for a placeholder name, which the server replaces with the request's, read as
   * core reads it (referrerDisplayName).
   */
  namesReferrer?: boolean;
  /**
   * The page carries on a pause already under way (`breathingSince`, the breathe page): the
   * server draws its circle as far along as the pause is (apps/server first-screens.ts).
   */
  carriesOnBreathing?: boolean;
}

const signedIn = `local:${SESSION_TOKEN_KEY}` as const;
/** A Google or Apple sign-in coming back by redirect: the page waits for the session it brings. */
const oauthReturning = `session:${OAUTH_RETURN_KEY}` as const;

/**
 * Pages whose first screen is drawn at build time and sent in the HTML (decision 022): it shows at
 * once, and the app draws the same screen over it when its code has run. Each lists what may give
 * a visitor another first screen (a kept place, quiz answers, a sign-in, a query parameter the
 * page reads); for that visitor the page comes without the drawing. A key marked `!` is one the
 * drawing needs: /breathe is drawn as a signed-in person first sees it.
 */
export const PRERENDERED_PAGES: Record<string, PrerenderedPage> = {
  // Home, as a person with a stored session first sees it: the header and the page's spinner,
  // while their data loads (RequireStoredSession).
  '/': { unlessStored: [`!${signedIn}`] },
  '/getting-started': {
    unlessStored: [signedIn, `session:${FUNNEL_PLACE_KEY}`],
    // Back from a payment (SSID_PARAM), the funnel opens on its purchase step.
    unlessQuery: ['error', SSID_PARAM],
  },
  '/quiz': { unlessStored: [`local:${QUIZ_STORAGE_KEY}`] },
  '/quiz-results': { unlessStored: [`local:${QUIZ_STORAGE_KEY}`] },
  '/breathe': { unlessStored: [`!${signedIn}`], namesDestination: true, carriesOnBreathing: true },
  '/signin': {
    unlessStored: [signedIn, oauthReturning],
    unlessQuery: ['suggestedAuthFormats', 'trialEmail', 'source', 'error'],
  },
  '/gift': {
    unlessStored: [],
    unlessQuery: [STRIPE_SUCCESS_PARAM, CHECKOUT_SESSION_PARAM, REDEMPTION_CODE_PARAM, REFERRAL_GROUP_PARAM],
  },
  '/redeem': { unlessStored: [signedIn], unlessQuery: [REDEEM_STEP_PARAM, REDEMPTION_CODE_PARAM, 'error'] },
  '/checkout': { unlessStored: [signedIn], unlessQuery: ['trialEmail', 'error'] },
  // Opened from the phone app with the price and the sign-in methods in the query; its first
  // screen, the heading over the loading sign-in, is the same for all of them.
  '/webcheckout': {
    unlessStored: [signedIn, oauthReturning],
    // The phone app may narrow the sign-in methods, which the drawing shows all of.
    unlessQuery: ['error', 'suggestedAuthMethods', SSID_PARAM],
  },
  '/twopercent': { unlessStored: [] },
  '/mobileDownload': { unlessStored: [] },
  '/android': { unlessStored: [] },
  '/referral-link': { unlessStored: [], namesReferrer: true },
  '/uninstall-chrome-extension': { unlessStored: [] },
  '/privacy': { unlessStored: [] },
  '/terms': { unlessStored: [] },
  // The not-found page (the router's catch-all), which the server sends with status 404 for any
  // path that is no page; the same for everyone.
  [NOT_FOUND_DRAWING_PATH]: { unlessStored: [] },
};
