import type { AdminEntitlement, AdminPayment, AdminPerson } from '@stillpoint/core';

export type AdminGiftPurchase = AdminPerson['giftPurchases'][number];

/** What an admin can do from a person's page, with what it is done to. */
export type PersonAction =
  | { kind: 'grant' }
  | { kind: 'revoke'; entitlement: AdminEntitlement }
  | { kind: 'refund'; payment: AdminPayment }
  | { kind: 'resend'; purchase: AdminGiftPurchase }
  | { kind: 'delete' };

export const actionTitles: Record<PersonAction['kind'], string> = {
  grant: 'Grant premium',
  revoke: 'Revoke a support grant',
  refund: 'Refund a payment',
  resend: 'Resend a gift e-mail',
  delete: 'Delete the account',
};

/** How a form of an action dialog ends: a sentence for the toast, or the admin's cancel. */
export interface ActionFormProps {
  account: AdminPerson['account'];
  onDone(message: string): void;
  onCancel(): void;
}
