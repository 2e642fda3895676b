import { formatPrice } from '@stillpoint/core';

/**
 * An amount typed in the payment's currency ('12', '12.5', '12.50', or with a decimal comma) in
 * cents, without going through floating point; null when it is no such amount.
 */
export function amountCents(typed: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the amount field shows them: 1234 → '12.34'. */
export const amountInput = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export function refundAmountProblem(typed: string, remainingCents: number, currency: string): string | null {
  const cents = amountCents(typed);
  if (cents === null) return 'Enter an amount like 12.50.';
  if (cents < 1) return 'Enter an amount above zero.';
  if (cents > remainingCents) return `At most ${formatPrice(remainingCents, currency)} is left to refund.`;
  return null;
}
