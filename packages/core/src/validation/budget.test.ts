import { describe, expect, it } from 'vitest';
import { budgetSchema } from '../api/schemas/fields';
import { isValidBudget, parseBudget } from './budget';

describe('parseBudget', () => {
  it('parses like parseInt', () => {
    expect(parseBudget('3')).toBe(3);
    expect(parseBudget(' 12 ')).toBe(12);
    expect(parseBudget('3.9')).toBe(3);
    expect(parseBudget('5 sessions')).toBe(5);
    expect(parseBudget('-2')).toBe(-2);
    expect(parseBudget('')).toBeNaN();
    expect(parseBudget('abc')).toBeNaN();
  });
});

describe('isValidBudget', () => {
  it('rejects 0 and accepts 1', () => {
    expect(isValidBudget(0)).toBe(false);
    expect(isValidBudget(1)).toBe(true);
  });

  it('rejects negatives, fractions, NaN and absurd budgets', () => {
    expect(isValidBudget(-1)).toBe(false);
    expect(isValidBudget(1.5)).toBe(false);
    expect(isValidBudget(Number.NaN)).toBe(false);
    expect(isValidBudget(1000)).toBe(true);
    expect(isValidBudget(1001)).toBe(false);
  });
});

describe('budgetSchema', () => {
  it('gives a readable message for each failure', () => {
    expect(budgetSchema.safeParse(1).success).toBe(true);
    expect(budgetSchema.safeParse(0).error?.issues[0]?.message).toBe('budget must be at least 1');
    expect(budgetSchema.safeParse(2.5).error?.issues[0]?.message).toBe('budget must be a whole number');
    expect(budgetSchema.safeParse('3').error?.issues[0]?.message).toBe('budget must be a number');
  });
});
