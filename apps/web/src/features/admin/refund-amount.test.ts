import { describe, expect, it } from 'vitest';
import { amountCents, amountInput, refundAmountProblem } from './refund-amount';

describe('a refund amount', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    ['12,34', 1234],
    [' 49.99 ', 4999],
  ])('%s is %i cents, without floating point', (typed, cents) => expect(amountCents(typed)).toBe(cents));

  it.each(['', '12.345', '-1', '1e3', '1,2,3', '$12', '.5'])('%s is no amount', (typed) =>
    expect(amountCents(typed)).toBeNull(),
  );

  it('writes cents back as the field shows them', () => {
    expect(amountInput(4999)).toBe('49.99');
    expect(amountInput(1200)).toBe('12.00');
    expect(amountInput(5)).toBe('0.05');
  });

  it('is at least a cent and at most what is left', () => {
    expect(refundAmountProblem('0', 4999, 'usd')).toBe('Enter an amount above zero.');
    expect(refundAmountProblem('49.99', 4999, 'usd')).toBeNull();
    expect(refundAmountProblem('50', 4999, 'usd')).toBe('At most $49.99 is left to refund.');
    expect(refundAmountProblem('ten', 4999, 'usd')).toBe('Enter an amount like 12.50.');
  });
});
