/**
 * Cookie consent (SPEC §2 cookie banner, §4 cookie consent, §6 "the cookie banner depends on
 * country"): the one rule the web app's analytics client, its ad events (TikTok) and the banner
 * all ask. Decision 023 and docs/consent.md explain the choices.
 */

/** What the visitor chose in the cookie banner: Accept is 'granted', Reject is 'denied'. */
export type ConsentChoice = 'granted' | 'denied';

/** The one country whose visitors are tracked without a banner (SPEC §2). */
export const CONSENT_FREE_COUNTRY = 'US';

/**
 * Whether the banner applies to a visitor from `country` (ISO 3166-1 alpha-2, or null when the
 * lookup could not tell). Only the US is exempt: an unknown country, such as localhost or a
 * failed lookup, gets the banner, so nobody is tracked without a say by mistake.
 */
export function consentRequired(country: string | null | undefined): boolean {
  return country?.trim().toUpperCase() !== CONSENT_FREE_COUNTRY;
}

/**
 * What happens to one analytics or ad event:
 * - `send`: it leaves the page now;
 * - `wait`: the visitor's country is not known yet and nothing is chosen, so it is held in the
 *   page until the rule can decide (then `send` or `drop`);
 * - `drop`: it never leaves the page.
 */
export type TrackingDecision = 'send' | 'wait' | 'drop';

/**
 * The consent rule, for first-party analytics and TikTok ad events alike: SPEC's Reject disables
 * tracking, and the banner asks once for both.
 *
 * - A stored choice decides: Accept sends, Reject drops, whatever the country.
 * - Without one, where no banner applies (the US) events are sent; where it applies nothing leaves
 *   before Accept (the banner still waits for an answer); while the country is unknown
 *   (`required` null) events wait.
 */
export function trackingDecision(required: boolean | null, choice: ConsentChoice | null): TrackingDecision {
  if (choice === 'granted') return 'send';
  if (choice === 'denied') return 'drop';
  if (required === null) return 'wait';
  return required ? 'drop' : 'send';
}

/** True when an event may leave the page now. */
export const mayTrack = (required: boolean | null, choice: ConsentChoice | null): boolean =>
  trackingDecision(required, choice) === 'send';

/**
 * Whether the banner is shown: only once the country is known to need it (a failed lookup counts
 * as needing it) and while no choice is stored. Before the country is known it stays away, so a
 * US visitor never sees it flash.
 */
export const cookieBannerShown = (required: boolean | null, choice: ConsentChoice | null): boolean =>
  required === true && choice === null;
