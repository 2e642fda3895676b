import { describe, expect, it } from 'vitest';
import { readDeletedAccount, subscriptionOutcome } from './deleted-account';

const answer = (subscription: {
  cancelled: boolean;
  refunded: boolean;
  cancelInStore: 'app_store' | 'play_store' | null;
}) => ({ deleted: true, subscription }) as const;

describe('subscriptionOutcome', () => {
  it('tells a store subscriber to cancel in their store', () => {
    expect(
      subscriptionOutcome(answer({ cancelled: false, refunded: false, cancelInStore: 'app_store' })),
    ).toMatch(/Cancel your App Store subscription in the App Store/);
    expect(
      subscriptionOutcome(answer({ cancelled: false, refunded: false, cancelInStore: 'play_store' })),
    ).toMatch(/Cancel your Google Play subscription in Google Play/);
  });

  it('says whether a cancelled web subscription was refunded', () => {
    expect(subscriptionOutcome(answer({ cancelled: true, refunded: false, cancelInStore: null }))).toMatch(
      /not refunded/,
    );
    expect(subscriptionOutcome(answer({ cancelled: true, refunded: true, cancelInStore: null }))).toBe(
      'Your subscription is cancelled and refunded.',
    );
  });

  it('says nothing when there was no subscription', () => {
    expect(
      subscriptionOutcome(answer({ cancelled: false, refunded: false, cancelInStore: null })),
    ).toBeNull();
  });
});

describe('readDeletedAccount', () => {
  it('reads only a deletion the account page handed over', () => {
    const deleted = answer({ cancelled: false, refunded: false, cancelInStore: null });
    expect(readDeletedAccount({ deletedAccount: deleted })).toEqual(deleted);
    expect(readDeletedAccount(null)).toBeNull();
    expect(readDeletedAccount({ deletedAccount: { deleted: false } })).toBeNull();
  });
});
