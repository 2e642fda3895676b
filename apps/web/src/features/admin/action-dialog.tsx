import type { AdminPerson } from '@stillpoint/core';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../ui/modal';
import { DeleteAccountForm } from './delete-account-form';
import { GrantPremiumForm } from './grant-premium-form';
import { actionTitles, type PersonAction } from './person-action';
import { RefundGiftForm } from './refund-gift-form';
import { RefundPaymentForm } from './refund-payment-form';
import { ResendGiftForm } from './resend-gift-form';
import { RevokeGrantForm } from './revoke-grant-form';
import { ADMIN_ACTION_KEY } from './use-admin-action';

interface ActionDialogProps {
  /** The person acted on; null for a gift found by search, which has only gift actions. */
  account: AdminPerson['account'] | null;
  /** The action shown; it stays set while the dialog closes, so its content does not jump. */
  action: PersonAction | null;
  open: boolean;
  onClose(): void;
  onDone(message: string): void;
}

/** One dialog for every action on a person; it cannot be closed while an action is on its way. */
export function ActionDialog({ account, action, open, onClose, onDone }: ActionDialogProps) {
  const sending = useIsMutating({ mutationKey: ADMIN_ACTION_KEY }) > 0;
  const gift = { refreshPerson: account?.uid ?? null, onDone, onCancel: onClose };
  const form = account ? { account, onDone, onCancel: onClose } : null;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !sending) onClose();
      }}
      title={action ? actionTitles[action.kind] : ''}
    >
      {form && action?.kind === 'grant' ? <GrantPremiumForm {...form} /> : null}
      {form && action?.kind === 'revoke' ? (
        <RevokeGrantForm {...form} entitlement={action.entitlement} />
      ) : null}
      {form && action?.kind === 'refund' ? <RefundPaymentForm {...form} payment={action.payment} /> : null}
      {form && action?.kind === 'delete' ? <DeleteAccountForm {...form} /> : null}
      {action?.kind === 'resend' ? <ResendGiftForm {...gift} purchase={action.purchase} /> : null}
      {action?.kind === 'refundGift' ? <RefundGiftForm {...gift} purchase={action.purchase} /> : null}
    </Modal>
  );
}

/** Which action the dialog shows and whether it is open; the action stays set while it closes. */
export function useActionDialog() {
  const [action, setAction] = useState<PersonAction | null>(null);
  const [open, setOpen] = useState(false);
  return {
    action,
    open,
    start(next: PersonAction) {
      setAction(next);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
