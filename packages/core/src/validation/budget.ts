import { MAX_SITE_BUDGET, MIN_SITE_BUDGET } from '../constants/limits';

/** Budget inputs are parsed as integers, as parseInt does: '3' → 3, '3.5' → 3, 'abc' → NaN. */
export const parseBudget = (input: string): number => Number.parseInt(input, 10);

/** A budget is a whole number of sessions per day: at least 1, at most our sanity ceiling. */
export const isValidBudget = (budget: number): boolean =>
  Number.isInteger(budget) && budget >= MIN_SITE_BUDGET && budget <= MAX_SITE_BUDGET;
