import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CustomSite,
  editSiteBudgetSchema,
  MIN_SITE_BUDGET,
  siteDisplayName,
  siteHost,
} from '@stillpoint/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { BudgetField, budgetValueAs } from '../../../lib/sites/budget-field';
import { useDeleteSite, useUpdateSiteBudget } from '../../../lib/sites/site-mutations';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';

interface EditSiteFormProps {
  site: CustomSite;
  onDone(reason: 'cancel' | 'saved' | 'deleted'): void;
  onBusyChange(busy: boolean): void;
}

/**
 * SPEC §2 Edit site: the origin read-only, the budget (Save disabled at 0 or less, §5), and Delete
 * Site behind a confirmation inside the dialog.
 */
export function EditSiteForm({ site, onDone, onBusyChange }: EditSiteFormProps) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const updateBudget = useUpdateSiteBudget();
  const deleteSite = useDeleteSite();
  const host = siteHost(site.siteOrigin);
  const busy = updateBudget.isPending || deleteSite.isPending;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(editSiteBudgetSchema), defaultValues: { budget: site.budget } });
  const budget = watch('budget');

  const save = handleSubmit(async ({ budget: newBudget }) => {
    try {
      await updateBudget.mutateAsync({ siteId: site.id, budget: newBudget });
      onDone('saved');
    } catch {
      // The toast has said so; the form stays open to try again.
    }
  });

  const remove = async () => {
    try {
      await deleteSite.mutateAsync(site.id);
      onDone('deleted');
    } catch {
      // As above.
    }
  };

  if (confirmingDelete) {
    return (
      <DeleteConfirmation
        host={host}
        deleting={deleteSite.isPending}
        onConfirm={remove}
        onKeep={() => setConfirmingDelete(false)}
      />
    );
  }

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-5">
      <fieldset disabled={busy} className="flex flex-col gap-4">
        {/* Read-only, and out of the tab order so the dialog opens on the one field to change. */}
        <TextField label="Site" value={siteDisplayName(site.siteOrigin)} readOnly tabIndex={-1} />
        <BudgetField error={errors.budget?.message} {...register('budget', budgetValueAs)} />
      </fieldset>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
        <Button
          variant="dangerGhost"
          onClick={() => setConfirmingDelete(true)}
          disabled={busy}
          className="sm:mr-auto sm:-ml-3"
        >
          Delete site
        </Button>
        <Button variant="secondary" onClick={() => onDone('cancel')} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={!(budget >= MIN_SITE_BUDGET)} loading={updateBudget.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

function DeleteConfirmation({
  host,
  deleting,
  onConfirm,
  onKeep,
}: {
  host: string;
  deleting: boolean;
  onConfirm(): void;
  onKeep(): void;
}) {
  const keepButton = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  // The safe choice takes focus, so a stray Enter keeps the site.
  useEffect(() => keepButton.current?.focus(), []);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5 rounded-xl border border-danger/20 bg-danger/5 p-4">
        <p id={questionId} className="font-semibold text-ink">
          Delete {host}?
        </p>
        <p id={`${questionId}-detail`} className="text-sm text-muted">
          We'll stop intercepting it and its daily budget is removed. You can add it again any time.
        </p>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          ref={keepButton}
          variant="secondary"
          onClick={onKeep}
          disabled={deleting}
          // Focus lands here first, so the question is read with it.
          aria-describedby={`${questionId} ${questionId}-detail`}
        >
          Keep site
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={deleting}>
          Yes, delete site
        </Button>
      </div>
    </div>
  );
}
