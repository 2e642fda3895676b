import type { AdminGiftPurchase, AdminPersonSummary } from '@stillpoint/core';
import { findAccounts, type KnownAccount } from '../../auth/known-users';
import { normalisePhoneNumber } from '../../auth/phone-numbers';
import { usersWithEntitlementSource } from '../entitlements/support-grants';
import { giftPurchasesNamedBy, peopleOfGiftCode } from '../gifts/support';
import type { AdminDependencies } from './dependencies';
import { toAdminGiftPurchases } from './gift-purchases';

/** The most people one search lists. */
export const FIND_LIMIT = 20;

const CHARGE_ID = /^ch_[A-Za-z0-9_]{1,200}$/;
const CUSTOMER_ID = /^cus_[A-Za-z0-9_]{1,200}$/;

type MatchKind = AdminPersonSummary['matchedBy'];

/**
 * Everyone a typed text may name, by each kind it can be: a phone number (normalised to E.164 as
 * sign-in does), an e-mail, a user id, a gift code (its buyer and its redeemer), a payment id (a
 * payment subscription or store transaction an entitlement came from, or a charge) or a payment
 * customer id. The first kind that found a person is the one shown; at most FIND_LIMIT people.
 * Also the gift purchases the text names (a code, the buyer's e-mail, the purchase or its charge),
 * so a guest's gift, which no account holds, can be acted on too.
 */
export async function findPeople(
  { db, config, payments }: Pick<AdminDependencies, 'db' | 'config' | 'payments'>,
  typed: string,
): Promise<{ people: AdminPersonSummary[]; giftPurchases: AdminGiftPurchase[] }> {
  const q = typed.trim();
  const found = new Map<string, AdminPersonSummary>();
  const add = (kind: MatchKind, accounts: readonly KnownAccount[]) => {
    for (const account of accounts) {
      if (found.size >= FIND_LIMIT || found.has(account.uid)) continue;
      found.set(account.uid, {
        uid: account.uid,
        phoneNumber: account.phoneNumber,
        email: account.email,
        createdAt: account.createdAt.toISOString(),
        matchedBy: kind,
      });
    }
  };
  const byIds = async (kind: MatchKind, ids: readonly (string | null)[]) => {
    const uids = ids.filter((id): id is string => id !== null);
    if (uids.length > 0) add(kind, await findAccounts(db, { uids }, FIND_LIMIT));
  };

  // As sign-in reads it; failing that, digits after a + as typed, so a number sign-in accepted under
  // another configuration (a test number) is still found.
  const compact = q.replace(/[\s().-]/g, '');
  const phoneNumber =
    normalisePhoneNumber(q, config.auth.testPhoneNumbers) ??
    (/^\+[1-9]\d{6,14}$/.test(compact) ? compact : null);
  if (phoneNumber) add('phone', await findAccounts(db, { phoneNumber }, FIND_LIMIT));
  if (q.includes('@')) add('email', await findAccounts(db, { email: q }, FIND_LIMIT));
  await byIds('uid', [q]);
  const gift = await peopleOfGiftCode(db, q);
  await byIds('giftCode', [gift.buyer, gift.redeemer]);
  await byIds('paymentId', await usersWithEntitlementSource(db, q, FIND_LIMIT));
  // A charge id (Stripe's and the local provider's start ch_) is asked of the provider.
  if (CHARGE_ID.test(q)) await byIds('paymentId', [await payments.ownerOfPayment(q)]);
  if (CUSTOMER_ID.test(q)) await byIds('customerId', [await payments.ownerOfCustomer(q)]);
  const giftPurchases = await toAdminGiftPurchases(
    { payments },
    await giftPurchasesNamedBy(db, q, FIND_LIMIT),
  );
  return { people: [...found.values()], giftPurchases };
}
