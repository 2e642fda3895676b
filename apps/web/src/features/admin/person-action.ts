import type { AdminEntitlement, AdminGiftPurchase, AdminPayment, AdminPerson } from '@stillpoint/core';

export type { AdminGiftPurchase };

/** What an admin can do from a person's page, with what it is done to. */
export type PersonAction =
  | { kind: 'grant' }
  | { kind: 'revoke'; entitlement: AdminEntitlement }
  | { kind: 'refund'; payment: AdminPayment }
  | { kind: 'resend'; purchase: AdminGiftPurchase }
  | { kind: 'refundGift'; purchase: AdminGiftPurchase }
  | { kind: 'delete' };

export const actionTitles: Record<PersonAction['kind'], string> = {
  grant: 'Grant premium',
  revoke: 'Revoke a support grant',
  refund: 'Refund a payment',
  resend: 'Resend a gift e-mail',
  refundGift: 'Refund a gift',
  delete: 'Delete the account',
};

/** How a form of an action dialog ends: a sentence for the toast, or the admin's cancel. */
export interface ActionFormProps {
  account: AdminPerson['account'];
  onDone(message: string): void;
  onCancel(): void;
}

/** A gift purchase's action, which may have no person to it (a guest's gift, found by search). */
export interface GiftFormProps {
  purchase: AdminGiftPurchase;
  /** The person whose page lists the purchase, read again once done; null from a search. */
  refreshPerson: string | null;
  onDone(message: string): void;
  onCancel(): void;
}
