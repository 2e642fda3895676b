import { describe, expect, it } from 'vitest';
import { CHALLENGE_SHARE_PERCENT, challengeDailyMinutes, shareOfDayMinutes } from './challenge';

describe('the 2% challenge', () => {
  it('is 2% of the day: 28.8 minutes, stated as 29', () => {
    expect(CHALLENGE_SHARE_PERCENT).toBe(2);
    expect(shareOfDayMinutes(2)).toBeCloseTo(28.8, 10);
    expect(challengeDailyMinutes()).toBe(29);
  });

  it('scales with the share: 1% is 14 minutes, 10% is 144', () => {
    expect(challengeDailyMinutes(1)).toBe(14);
    expect(challengeDailyMinutes(10)).toBe(144);
  });
});
