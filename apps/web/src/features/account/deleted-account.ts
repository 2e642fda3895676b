import type { DeleteAccountResponse } from '@stillpoint/core';

/** What the account page hands the page after it (in the history entry's state). */
export interface DeletedAccountState {
  deletedAccount: DeleteAccountResponse;
}

export function readDeletedAccount(state: unknown): DeleteAccountResponse | null {
  if (typeof state !== 'object' || state === null || !('deletedAccount' in state)) return null;
  const { deletedAccount } = state as DeletedAccountState;
  return deletedAccount?.deleted === true ? deletedAccount : null;
}

const storeNames = { app_store: 'App Store', play_store: 'Google Play' } as const;

/** What became of the person's subscription, in a sentence; null when they had none to speak of. */
export function subscriptionOutcome({ subscription }: DeleteAccountResponse): string | null {
  if (subscription.cancelInStore) {
    const store = storeNames[subscription.cancelInStore];
    return `Your ${store} subscription is still active. Cancel your ${store} subscription in ${
      subscription.cancelInStore === 'app_store' ? 'the App Store' : 'Google Play'
    }, or it keeps renewing.`;
  }
  if (subscription.cancelled) {
    return subscription.refunded
      ? 'Your subscription is cancelled and refunded.'
      : 'Your subscription is cancelled. It was not refunded, and it will not renew.';
  }
  return null;
}
