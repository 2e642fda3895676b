import { describe, expect, it } from 'vitest';
import { BREATHING_COUNTDOWN_SECONDS } from '../constants/timing';
import { breathingPhase } from './intercept';

describe('breathingPhase', () => {
  it('breathes in above 7, out from 7 to 4, then shows the quote', () => {
    expect(breathingPhase(BREATHING_COUNTDOWN_SECONDS)).toBe('breathe in');
    expect(breathingPhase(8)).toBe('breathe in');
    expect(breathingPhase(7)).toBe('breathe out');
    expect(breathingPhase(4)).toBe('breathe out');
    expect(breathingPhase(3)).toBe('quote');
    expect(breathingPhase(0)).toBe('quote');
  });
});
