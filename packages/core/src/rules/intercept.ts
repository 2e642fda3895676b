import { BREATHE_IN_ABOVE_SECONDS, QUOTE_BELOW_SECONDS } from '../constants/timing';

export type BreathingPhase = 'breathe in' | 'breathe out' | 'quote';

/** What the intercept page shows with `secondsLeft` of the 11 s countdown (SPEC §4). */
export function breathingPhase(secondsLeft: number): BreathingPhase {
  if (secondsLeft > BREATHE_IN_ABOVE_SECONDS) return 'breathe in';
  if (secondsLeft >= QUOTE_BELOW_SECONDS) return 'breathe out';
  return 'quote';
}
