import {
  COOKIE_CONSENT_DAYS,
  type ConsentChoice,
  consentRequired,
  DAY_MS,
  mayTrack,
  trackingDecision,
} from '@stillpoint/core';

export type { ConsentChoice };

// The rule itself is core's (rules/consent.ts); this module keeps its two inputs, the stored
// choice and whether the banner applies, and holds events while the rule cannot decide yet.

const CONSENT_KEY = 'stillpoint.analyticsConsent';

/**
 * Events raised while the rule waits for the country. A page that is never told (its lookup never
 * answers) sends none of them; the cap bounds what a long such visit keeps in memory.
 */
const MAX_WAITING = 100;
const waiting: (() => void)[] = [];

interface StoredConsent {
  choice: ConsentChoice;
  /** Epoch ms of the choice: it lasts COOKIE_CONSENT_DAYS, then the banner asks again. */
  at: number;
}

/** A choice that storage refused to keep (private modes): it still holds for this page. */
let memoryChoice: ConsentChoice | null = null;

/** The visitor's choice, or null when there is none or it has expired. */
export function readConsent(now: number = Date.now()): ConsentChoice | null {
  if (memoryChoice) return memoryChoice;
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
    memoryChoice = null;
  } catch {
    memoryChoice = choice;
  }
  // Held events come from before the choice: Reject drops them, and so does Accept, which counts
  // from the moment it is given.
  waiting.length = 0;
  notify();
}

/**
 * Whether the banner applies to this visitor: true where consent is needed first, false where it
 * is not (the US), null while the country lookup has not answered. Kept for this page only: the
 * lookup is one small call after the first screen, and session storage would not survive sign-out,
 * which clears it.
 */
let consentNeeded: boolean | null = null;

export const isConsentNeeded = (): boolean | null => consentNeeded;

/**
 * Records whether the banner applies: `true` after a failed lookup (unknown counts as not US),
 * `null` to forget (the app that looked it up has gone). Events held so far are then sent or
 * dropped by the rule.
 */
export function setConsentNeeded(needed: boolean | null): void {
  consentNeeded = needed;
  settleWaiting();
  notify();
}

/** The country lookup's answer (null: the server could not tell) decides whether the banner applies. */
export const setVisitorCountry = (country: string | null): void => setConsentNeeded(consentRequired(country));

/** First-party product analytics (the analytics proxy): core's rule, as of now. */
export const isAnalyticsAllowed = (): boolean => mayTrack(isConsentNeeded(), readConsent());

/**
 * Ad events (TikTok). The same rule as analytics today (SPEC: Reject disables both), kept as its
 * own question so the two callers never need to change if the rules part.
 */
export const areAdEventsAllowed = (): boolean => mayTrack(isConsentNeeded(), readConsent());

/**
 * Runs `send` if the consent rule allows it now, keeps it until the rule can decide if the
 * visitor's country is not known yet, and drops it otherwise. Every analytics and ad event goes
 * through here, so no call path can skip the visitor's choice.
 */
export function whenTrackingAllowed(send: () => void): void {
  const decision = trackingDecision(isConsentNeeded(), readConsent());
  if (decision === 'send') send();
  else if (decision === 'wait' && waiting.length < MAX_WAITING) waiting.push(send);
}

/**
 * Once the country is known, the events held so far are sent (no banner applies) or dropped (it
 * does: they come from before any Accept), together and in order.
 */
function settleWaiting(): void {
  if (waiting.length === 0) return;
  const decision = trackingDecision(isConsentNeeded(), readConsent());
  if (decision === 'wait') return;
  const held = waiting.splice(0);
  if (decision === 'send') for (const send of held) send();
}

/**
 * Cookie settings (the footer's link, the privacy page): the visitor asked to see their choice
 * again, whatever it is and wherever they are, until they choose or close it. `returnFocusTo` is
 * where focus goes back to then, the control that opened it.
 */
let cookieSettings: { returnFocusTo: HTMLElement | null } | null = null;

export const areCookieSettingsOpen = (): boolean => cookieSettings !== null;

/** Where focus goes back to when the reopened choice closes. */
export const cookieSettingsOpener = (): HTMLElement | null => cookieSettings?.returnFocusTo ?? null;

export function openCookieSettings(returnFocusTo: HTMLElement | null = null): void {
  cookieSettings = { returnFocusTo };
  notify();
}

export function closeCookieSettings(): void {
  if (!cookieSettings) return;
  cookieSettings = null;
  notify();
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  // A choice made in another tab holds here too: it hides this tab's banner, and events held
  // here come from before it, as with setConsent.
  if (event.key === CONSENT_KEY || event.key === null) {
    waiting.length = 0;
    notify();
  }
}

/** Calls `listener` whenever the choice or the banner's reach changes (for useSyncExternalStore). */
export function subscribeConsent(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
