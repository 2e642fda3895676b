import {
  AGE_BANDS,
  type AgeBand,
  type FunnelStep,
  INTENTION_OPTIONS,
  type Intention,
  isFunnelStep,
  MOST_DISRUPTIVE_OPTIONS,
  type MostDisruptive,
  OUTCOME_OPTIONS,
  WORST_APP_OPTIONS,
  type WorstApp,
} from '@stillpoint/core';
import type { PaymentOutcome } from '../../lib/payment-form/payment-form';

/** SPEC §3 web-first answers; null until answered. */
export interface FunnelAnswers {
  intention: Intention | null;
  outcome: string | null;
  age: AgeBand | null;
  occupation: string | null;
  mostDisruptive: MostDisruptive | null;
  worstApp: WorstApp | null;
}

export const noAnswers: FunnelAnswers = {
  intention: null,
  outcome: null,
  age: null,
  occupation: null,
  mostDisruptive: null,
  worstApp: null,
};

/** This visit's place and answers: a reload keeps them, a new tab starts afresh. */
export const FUNNEL_PLACE_KEY = 'stillpoint.funnelPlace';
/** The answers SPEC §3 keeps on the device, saved on reaching SIGN_UP. */
const ANSWERS_KEY = 'stillpoint.funnelAnswers';

export interface FunnelPlace {
  step: FunnelStep;
  answers: FunnelAnswers;
  /**
   * How the paywall finished in this tab (a purchase, or premium already held), so a reload of
   * the download step says what it said. Only words: premium itself is always the server's.
   */
  outcome: PaymentOutcome | null;
}

/**
 * Whether the answers are enough to make a personal plan from: what the person wants Stillpoint
 * for, and what that would give them. Someone who signed in without the questions has neither.
 */
export const hasPlanAnswers = (answers: FunnelAnswers): boolean =>
  answers.intention !== null && answers.outcome !== null;

const readOutcome = (value: unknown): PaymentOutcome | null =>
  value === 'purchased' || value === 'alreadyPremium' ? value : null;

const oneOf = <T extends string>(options: readonly T[], value: unknown): T | null =>
  typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : null;

const plainText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' && value.length <= 200 ? value : null;

/** Answers read back from storage, each checked: anything stale or edited by hand is dropped. */
export function readAnswers(value: unknown): FunnelAnswers {
  if (typeof value !== 'object' || value === null) return noAnswers;
  const raw = value as Record<string, unknown>;
  const intention = oneOf(INTENTION_OPTIONS, raw.intention);
  return {
    intention,
    outcome: intention ? oneOf(OUTCOME_OPTIONS[intention], raw.outcome) : null,
    age: oneOf(AGE_BANDS, raw.age),
    occupation: plainText(raw.occupation),
    mostDisruptive: oneOf(MOST_DISRUPTIVE_OPTIONS, raw.mostDisruptive),
    worstApp: oneOf(WORST_APP_OPTIONS, raw.worstApp),
  };
}

function readJson(storage: Storage | undefined, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, full): the funnel still works, it just forgets on reload.
  }
}

export function loadPlace(): FunnelPlace | null {
  const raw = readJson(globalThis.sessionStorage, FUNNEL_PLACE_KEY);
  if (typeof raw !== 'object' || raw === null) return null;
  const { step, answers, outcome } = raw as Record<string, unknown>;
  if (!isFunnelStep(step)) return null;
  return { step, answers: readAnswers(answers), outcome: readOutcome(outcome) };
}

/** Whether this visit has been here before (a reload, or back from a sign-in or payment page). */
export const hasKeptPlace = (): boolean => loadPlace() !== null;

export function savePlace(place: FunnelPlace): void {
  writeJson(globalThis.sessionStorage, FUNNEL_PLACE_KEY, place);
}

/** The device's copy of intention, outcome, occupation and age (SPEC §3); used before any place is kept. */
export function loadDeviceAnswers(): FunnelAnswers {
  return readAnswers(readJson(globalThis.localStorage, ANSWERS_KEY));
}

export function saveDeviceAnswers(answers: FunnelAnswers): void {
  const { intention, outcome, occupation, age } = answers;
  writeJson(globalThis.localStorage, ANSWERS_KEY, { intention, outcome, occupation, age });
}
