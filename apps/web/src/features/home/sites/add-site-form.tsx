import { zodResolver } from '@hookform/resolvers/zod';
import {
  ApiError,
  addBrowserSiteBodySchema,
  DEFAULT_SITE_BUDGET,
  isValidSiteText,
  MIN_SITE_BUDGET,
  POPULAR_SITES,
} from '@stillpoint/core';
import { useForm } from 'react-hook-form';
import { BudgetField, budgetValueAs } from '../../../lib/sites/budget-field';
import { useAddSiteMutation } from '../../../lib/sites/site-mutations';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { showErrorToast } from '../../../ui/toast';

interface AddSiteFormProps {
  /** Starts the Site field with this text, e.g. a domain from the phone card. */
  prefill?: string;
  onAdded(): void;
  onCancel(): void;
  /** Told when the form locks (submitting) and unlocks, so the dialog cannot be dismissed meanwhile. */
  onBusyChange(busy: boolean): void;
}

/**
 * SPEC §2 Add Site and §5: Add stays disabled until the site text has 3 characters and the budget
 * (read as a whole number) is above 0. Submitting locks the form until the server answers.
 */
export function AddSiteForm({ prefill = '', onAdded, onCancel, onBusyChange }: AddSiteFormProps) {
  const addSite = useAddSiteMutation();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(addBrowserSiteBodySchema),
    defaultValues: { siteOrigin: prefill, budget: DEFAULT_SITE_BUDGET },
  });
  const siteText = watch('siteOrigin');
  const budget = watch('budget');
  const canAdd = isValidSiteText(siteText ?? '') && budget >= MIN_SITE_BUDGET;
  const busy = addSite.isPending || addSite.isSuccess;

  const submit = handleSubmit(async (body) => {
    onBusyChange(true);
    try {
      await addSite.mutateAsync(body);
      onAdded();
    } catch (error) {
      onBusyChange(false);
      // A duplicate or a site the server cannot read: the person can fix it here.
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
        setError('siteOrigin', { message: error.message }, { shouldFocus: true });
      } else {
        showErrorToast();
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <fieldset disabled={busy} className="flex flex-col gap-4">
        <TextField
          label="Site"
          placeholder={POPULAR_SITES[0]}
          hint="A site or any page on it, like youtube.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          error={errors.siteOrigin?.message}
          {...register('siteOrigin')}
        />
        <BudgetField error={errors.budget?.message} {...register('budget', budgetValueAs)} />
      </fieldset>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canAdd} loading={busy}>
          Add
        </Button>
      </div>
    </form>
  );
}
