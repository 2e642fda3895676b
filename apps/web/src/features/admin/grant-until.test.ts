import { describe, expect, it } from 'vitest';
import { dateInputValue, defaultGrantDay, grantDayProblem, grantDayRange, grantEnd } from './grant-until';

const now = new Date(2026, 10, 30, 9, 15);

describe("a grant's last day", () => {
  it('is 30 days on by default, and may be today up to 5 years on', () => {
    expect(defaultGrantDay(now)).toBe('2026-12-30');
    expect(grantDayRange(now)).toEqual({ min: '2026-11-30', max: '2031-11-29' });
  });

  it("ends at the end of that day in the viewer's time zone", () => {
    expect(grantEnd('2026-12-30')).toEqual(new Date(2026, 11, 30, 23, 59, 59, 999));
    expect(grantEnd('2026-02-31')).toBeNull();
    expect(grantEnd('30/12/2026')).toBeNull();
  });

  it('must be today or later, and less than 5 years on', () => {
    expect(grantDayProblem('', now)).toBe('Choose the last day of premium.');
    expect(grantDayProblem('2026-11-29', now)).toBe('Choose today or a later day.');
    expect(grantDayProblem('2026-11-30', now)).toBeNull();
    expect(grantDayProblem(grantDayRange(now).max, now)).toBeNull();
    expect(grantDayProblem('2031-11-30', now)).toBe('Choose a day less than 5 years from now.');
  });

  it('is written as a date input writes it', () => {
    expect(dateInputValue(new Date(2027, 0, 5))).toBe('2027-01-05');
  });
});
