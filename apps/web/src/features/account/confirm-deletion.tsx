import { ApiError, type DeleteAccountResponse } from '@stillpoint/core';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../lib/api';
import { usePress } from '../../lib/use-press';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-footer';

interface ConfirmDeletionProps {
  /** How the account is named to the person: the formatted number, or the address. */
  accountName: string;
  onDeleted(result: DeleteAccountResponse): void;
  /** The server asks for a new sign-in first (403), with its sentence. */
  onSignInNeeded(message: string): void;
  onKeep(): void;
}

/** The last step: the person says yes, once, and the account goes. */
export function ConfirmDeletion({ accountName, onDeleted, onSignInNeeded, onKeep }: ConfirmDeletionProps) {
  const press = usePress();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keep = useRef<HTMLButtonElement>(null);

  // Arriving from the code or the provider step, whose field is gone: focus stays in the dialog.
  useEffect(() => keep.current?.focus(), []);

  async function confirm() {
    if (!press.start()) return;
    setDeleting(true);
    setError(null);
    try {
      const result = await callApi('deleteAccount', { confirm: 'DELETE' });
      // The page leaves at once; the button stays busy until it does.
      onDeleted(result);
      return;
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'FORBIDDEN') onSignInNeeded(cause.message);
      else setError(cause instanceof Error ? cause.message : 'Try again in a moment.');
    } finally {
      press.end();
    }
    setDeleting(false);
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink">
        This deletes the account <span className="font-medium break-all">{accountName}</span> and everything
        in it, for good. You cannot undo it.
      </p>
      <FormError message={error} title={error ? "We couldn't delete your account." : undefined} />
      {/* Keep first: the dialog's first focus, so Enter never deletes by accident. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button
          ref={keep}
          variant="secondary"
          className="w-full sm:w-auto"
          onClick={onKeep}
          disabled={deleting}
        >
          Keep my account
        </Button>
        <Button
          variant="danger"
          className="w-full sm:w-auto"
          onClick={() => void confirm()}
          loading={deleting}
        >
          Delete my account
        </Button>
      </div>
    </div>
  );
}
