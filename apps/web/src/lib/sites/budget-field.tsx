import { MIN_SITE_BUDGET, parseBudget } from '@stillpoint/core';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { TextField } from '../../ui/text-field';

type BudgetFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  /** 'Budget' unless the place calls it something else. */
  label?: string;
  /** 'Sessions per day' unless given; null for none. */
  hint?: ReactNode;
  error?: string | null;
};

/** react-hook-form reads the Budget field as a whole number (SPEC §5). */
export const budgetValueAs = { setValueAs: (value: unknown) => parseBudget(String(value)) };

/**
 * A site's daily budget wherever it is typed (Add Site, Edit site, onboarding's rows): sessions
 * per day, a whole number from 1.
 */
export function BudgetField({ label = 'Budget', hint = 'Sessions per day', ...props }: BudgetFieldProps) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={MIN_SITE_BUDGET}
      step={1}
      hint={hint}
      {...props}
    />
  );
}
