import { describe, expect, it } from 'vitest';
import { readCard } from './card';

const now = new Date('2026-11-24T12:00:00Z');

describe('readCard', () => {
  it('accepts a complete test card, with the spaces people type', () => {
    expect(readCard({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }, now)).toEqual({
      ok: true,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    });
  });

  it("says what is incomplete or wrong in Stripe's words", () => {
    const check = readCard({ cardNumber: '4242 4242', expiry: '10/26', cvc: '12' }, now);
    expect(check).toEqual({
      ok: false,
      errors: {
        cardNumber: 'Your card number is incomplete.',
        expiry: "Your card's expiration date is in the past.",
        cvc: "Your card's security code is incomplete.",
      },
    });
    const invalid = readCard({ cardNumber: '4242 4242 4242 4241', expiry: '13/30', cvc: '123' }, now);
    expect(invalid.ok ? null : invalid.errors).toEqual({
      cardNumber: 'Your card number is invalid.',
      expiry: "Your card's expiration date is invalid.",
    });
  });

  it('asks Amex for four digits of security code', () => {
    expect(readCard({ cardNumber: '3782 822463 10005', expiry: '12/30', cvc: '123' }, now).ok).toBe(false);
    expect(readCard({ cardNumber: '3782 822463 10005', expiry: '12/30', cvc: '1234' }, now).ok).toBe(true);
  });
});
