import { COOKIE_CONSENT_DAYS, DAY_MS } from '@stillpoint/core';

/** What the visitor chose in the cookie banner (SPEC §4 cookie consent). */
export type ConsentChoice = 'granted' | 'denied';

const CONSENT_KEY = 'stillpoint.analyticsConsent';

interface StoredConsent {
  choice: ConsentChoice;
  /** Epoch ms of the choice: it lasts COOKIE_CONSENT_DAYS, then the banner asks again. */
  at: number;
}

/**
 * Whether the banner applies to this visitor: true where consent is needed first, false where it
 * is not, null while unknown. The banner (with its country lookup) sets it; until it has, ad events
 * wait, so nothing reaches an advertiser before the visitor could say no.
 */
let consentNeeded: boolean | null = null;

export function setConsentNeeded(needed: boolean): void {
  consentNeeded = needed;
}

/** The visitor's choice, or null when there is none or it has expired. */
export function readConsent(now: number = Date.now()): ConsentChoice | null {
  let raw: string | null;
  try {
    raw = globalThis.localStorage?.getItem(CONSENT_KEY) ?? null;
  } catch {
    return null;
  }
  const stored = parseStoredConsent(raw);
  if (!stored || now - stored.at > COOKIE_CONSENT_DAYS * DAY_MS) return null;
  return stored.choice;
}

function parseStoredConsent(raw: string | null): StoredConsent | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      'choice' in value &&
      'at' in value &&
      (value.choice === 'granted' || value.choice === 'denied') &&
      typeof value.at === 'number'
    ) {
      return { choice: value.choice, at: value.at };
    }
  } catch {
    // Not ours, or from an older version: as if nothing had been chosen.
  }
  return null;
}

export function setConsent(choice: ConsentChoice, now: number = Date.now()): void {
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ choice, at: now } satisfies StoredConsent));
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
}

/** First-party product analytics: on unless the visitor said no. */
export const isAnalyticsAllowed = (): boolean => readConsent() !== 'denied';

/**
 * Ad events (TikTok) go to an advertiser: only with a yes, or where no banner applies and the
 * visitor has not said no.
 */
export function areAdEventsAllowed(): boolean {
  const choice = readConsent();
  if (choice !== null) return choice === 'granted';
  return consentNeeded === false;
}
