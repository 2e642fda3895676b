import { DEFAULT_CURRENCY, GIFT_DURATION_YEARS } from '../constants/plans';
import { parseWebUrl } from '../sites/web-url';
import { normaliseRedemptionCode, readRedemptionCode } from '../validation/codes';
import { formatPrice } from './prices';

/** The gift purchase page (SPEC §2), where hosted checkout sends the buyer back. */
export const GIFT_PATH = '/gift';
/** The gift redemption page (SPEC §2). */
export const REDEEM_PATH = '/redeem';

/** Query parameters of SPEC §3 that the gift pages read. */
export const REFERRAL_GROUP_PARAM = 'referralGroup';
export const REDEMPTION_CODE_PARAM = 'redemptionCode';
/** What the provider names the checkout it sends the buyer back from. */
export const CHECKOUT_SESSION_PARAM = 'session_id';
/** /redeem's step, when it is in the address (only step 1 ever is; see redeemPath). */
export const REDEEM_STEP_PARAM = 'step';

/** '1 year for $49.99': the gift offer on /gift, priced by what the gift price charges. */
export function giftOfferText(cents: number, currency: string = DEFAULT_CURRENCY): string {
  const years = GIFT_DURATION_YEARS;
  return `${years} ${years === 1 ? 'year' : 'years'} for ${formatPrice(cents, currency)}`;
}

/** What `quantity` gifts cost together: '$99.98' for 2 at 4999. */
export const giftTotalText = (cents: number, quantity: number, currency: string = DEFAULT_CURRENCY): string =>
  formatPrice(cents * quantity, currency);

/** The longest referral group the gift checkout accepts (giftCheckoutBodySchema's limit). */
export const REFERRAL_GROUP_MAX_LENGTH = 100;

/**
 * The page's `referralGroup`, trimmed, as the gift checkout accepts it. Empty or too long gives
 * none: attribution is a nicety and must never make the purchase itself fail.
 */
export function giftReferralGroup(raw: string | null | undefined): string | undefined {
  const group = raw?.trim() ?? '';
  return group.length > 0 && group.length <= REFERRAL_GROUP_MAX_LENGTH ? group : undefined;
}

/**
 * Where the gift checkout returns to. Cancelled: /gift again, keeping the referral group so a
 * second try is still attributed. Paid: /gift, to which the server adds stripe_success,
 * redemptionCode and session_id.
 */
export function giftCheckoutPaths(referralGroup?: string): { cancelPath: string; successPath: string } {
  const cancelPath = referralGroup
    ? `${GIFT_PATH}?${REFERRAL_GROUP_PARAM}=${encodeURIComponent(referralGroup)}`
    : GIFT_PATH;
  return { cancelPath, successPath: GIFT_PATH };
}

/**
 * Whether the gift checkout's answer is somewhere to send the buyer: an absolute http(s) address.
 * Anything else is an invalid response (SPEC §8), never a place to go.
 */
export const isGiftCheckoutUrl = (url: string): boolean => parseWebUrl(url) !== null;

/** /gift's query as the page reads it; null for a parameter that is absent. */
export interface GiftPageQuery {
  stripeSuccess: string | null;
  sessionId: string | null;
  redemptionCode: string | null;
}

/**
 * What /gift is showing: the offer ('offer'), or a return from checkout. A return names its
 * checkout and one of its codes ('purchase'); without both, or with a code that cannot be one,
 * there is nothing to look up ('unreadable') and so nothing to confirm.
 */
export type GiftPageView =
  | { kind: 'offer' }
  | { kind: 'unreadable' }
  | { kind: 'purchase'; sessionId: string; redemptionCode: string };

const SESSION_ID_MAX_LENGTH = 255;

export function readGiftPageQuery(query: GiftPageQuery): GiftPageView {
  if (query.stripeSuccess === null) return { kind: 'offer' };
  const sessionId = query.sessionId?.trim() ?? '';
  const redemptionCode = readRedemptionCode(query.redemptionCode ?? '');
  if (sessionId.length === 0 || sessionId.length > SESSION_ID_MAX_LENGTH || redemptionCode === null) {
    return { kind: 'unreadable' };
  }
  return { kind: 'purchase', sessionId, redemptionCode };
}

/** SPEC §4's redeem flow: 0 the gift explained, 1 sign-in or code entry, 2 redeemed. */
export type RedeemStep = 0 | 1 | 2;

/**
 * /redeem's path: step 1 is in the address, so a sign-in that leaves the page (Google or Apple by
 * redirect) comes back to code entry; step 2 never is, since only a redemption may show it. A
 * code given here is filled in for the person.
 */
export function redeemPath({
  step = 0,
  redemptionCode,
}: {
  step?: 0 | 1;
  redemptionCode?: string;
} = {}): string {
  const query: string[] = [];
  if (step === 1) query.push(`${REDEEM_STEP_PARAM}=1`);
  const code = normaliseRedemptionCode(redemptionCode ?? '');
  if (code) query.push(`${REDEMPTION_CODE_PARAM}=${encodeURIComponent(code)}`);
  return query.length > 0 ? `${REDEEM_PATH}?${query.join('&')}` : REDEEM_PATH;
}

/** The redeem page's address on a site (`https://stillpoint.app/redeem`), to print or link to. */
export const redeemAddress = (origin: string, redemptionCode?: string): string =>
  `${origin.replace(/\/+$/, '')}${redeemPath(redemptionCode ? { redemptionCode } : {})}`;

/** Where /redeem starts from its query: the step (0 unless the address says 1) and the code to fill in. */
export function readRedeemQuery(query: { step: string | null; redemptionCode: string | null }): {
  step: 0 | 1;
  redemptionCode: string;
} {
  return {
    step: query.step === '1' ? 1 : 0,
    redemptionCode: normaliseRedemptionCode(query.redemptionCode ?? ''),
  };
}
