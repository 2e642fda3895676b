import { describe, expect, it } from 'vitest';
import { chargeDate, dueTodayText, firstCharge, firstChargeText } from './first-charge';
import { DAY_MS } from './time';

const now = new Date('2025-11-29T10:00:00Z');
const annual = { amount: 4999, currency: 'usd' };

describe('the first charge of a plan bought now', () => {
  it('comes when the credited trial ends, with nothing due today', () => {
    const endsAt = new Date('2025-12-06T09:30:00Z');
    const charge = firstCharge({ trial: { kind: 'credit', endsAt }, price: annual, now });
    expect(charge).toEqual({ dueToday: 0, at: endsAt, amount: 4999, currency: 'usd' });
    expect(dueTodayText(charge)).toBe('$0.00 due today');
    expect(firstChargeText(charge, { utc: true })).toBe('First charge: $49.99 on December 6, 2025');
  });

  it('comes after the free days of a first trial', () => {
    const charge = firstCharge({ trial: { kind: 'freeDays', days: 7 }, price: annual, now });
    expect(charge.at).toEqual(new Date(now.getTime() + 7 * DAY_MS));
    expect(charge.dueToday).toBe(0);
  });

  it('is today without a trial, and checkout says so', () => {
    const charge = firstCharge({ trial: { kind: 'none' }, price: { amount: 699, currency: 'usd' }, now });
    expect(charge).toEqual({ dueToday: 699, at: now, amount: 699, currency: 'usd' });
    expect(dueTodayText(charge)).toBe('$6.99 due today');
  });
});

describe('billing dates', () => {
  it('read as the UTC calendar when asked, across a year end', () => {
    expect(chargeDate(new Date('2025-12-31T23:30:00Z'), { utc: true })).toBe('December 31, 2025');
    expect(chargeDate(new Date('2026-01-01T00:30:00Z'), { utc: true })).toBe('January 1, 2026');
  });

  it("read as the reader's calendar otherwise, as Intl's en-US long date does", () => {
    const date = new Date('2026-03-03T12:00:00Z');
    expect(chargeDate(date)).toBe(
      new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(date),
    );
  });
});
