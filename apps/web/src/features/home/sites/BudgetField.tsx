import { MIN_SITE_BUDGET, parseBudget } from '@stillpoint/core';
import type { ComponentPropsWithRef } from 'react';
import { TextField } from '../../../ui/TextField';

type BudgetFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & { error?: string | null };

/** react-hook-form reads the Budget field as a whole number (SPEC §5). */
export const budgetValueAs = { setValueAs: (value: unknown) => parseBudget(String(value)) };

/** The Budget field Add Site and Edit Site share: sessions per day, a whole number from 1. */
export function BudgetField(props: BudgetFieldProps) {
  return (
    <TextField
      label="Budget"
      type="number"
      inputMode="numeric"
      min={MIN_SITE_BUDGET}
      step={1}
      hint="Sessions per day"
      {...props}
    />
  );
}
