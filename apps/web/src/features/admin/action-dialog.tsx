import type { AdminPerson } from '@stillpoint/core';
import { useIsMutating } from '@tanstack/react-query';
import { Modal } from '../../ui/modal';
import { DeleteAccountForm } from './delete-account-form';
import { GrantPremiumForm } from './grant-premium-form';
import { actionTitles, type PersonAction } from './person-action';
import { RefundPaymentForm } from './refund-payment-form';
import { ResendGiftForm } from './resend-gift-form';
import { RevokeGrantForm } from './revoke-grant-form';
import { ADMIN_ACTION_KEY } from './use-admin-action';

interface ActionDialogProps {
  account: AdminPerson['account'];
  /** The action shown; it stays set while the dialog closes, so its content does not jump. */
  action: PersonAction | null;
  open: boolean;
  onClose(): void;
  onDone(message: string): void;
}

/** One dialog for every action on a person; it cannot be closed while an action is on its way. */
export function ActionDialog({ account, action, open, onClose, onDone }: ActionDialogProps) {
  const sending = useIsMutating({ mutationKey: ADMIN_ACTION_KEY }) > 0;
  const form = { account, onDone, onCancel: onClose };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !sending) onClose();
      }}
      title={action ? actionTitles[action.kind] : ''}
    >
      {action?.kind === 'grant' ? <GrantPremiumForm {...form} /> : null}
      {action?.kind === 'revoke' ? <RevokeGrantForm {...form} entitlement={action.entitlement} /> : null}
      {action?.kind === 'refund' ? <RefundPaymentForm {...form} payment={action.payment} /> : null}
      {action?.kind === 'resend' ? <ResendGiftForm {...form} purchase={action.purchase} /> : null}
      {action?.kind === 'delete' ? <DeleteAccountForm {...form} /> : null}
    </Modal>
  );
}
