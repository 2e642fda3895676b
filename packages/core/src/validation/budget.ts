import { z } from 'zod';
import { MAX_SITE_BUDGET, MIN_SITE_BUDGET } from '../constants/limits';

/** Budget inputs are parsed as integers, as parseInt does: '3' → 3, '3.5' → 3, 'abc' → NaN. */
export const parseBudget = (input: string): number => Number.parseInt(input, 10);

/** A budget is a whole number of sessions per day: at least 1, at most our sanity ceiling. */
export const isValidBudget = (budget: number): boolean =>
  Number.isInteger(budget) && budget >= MIN_SITE_BUDGET && budget <= MAX_SITE_BUDGET;

export const budgetSchema = z
  .number({ error: 'budget must be a number' })
  .int('budget must be a whole number')
  .min(MIN_SITE_BUDGET, `budget must be at least ${MIN_SITE_BUDGET}`)
  .max(MAX_SITE_BUDGET, `budget can be at most ${MAX_SITE_BUDGET}`);
