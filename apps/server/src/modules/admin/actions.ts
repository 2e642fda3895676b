import type { DeleteAccountResponse } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import { AppError } from '../../errors';
import { eraseAccount } from '../account/deletion';
import { endSupportGrant, grantSupportPremium } from '../entitlements/support-grants';
import { resendGiftConfirmation } from '../gifts/support';
import type { RefundResult } from '../payments/support';
import { recordAudit } from './audit';
import type { AdminDependencies } from './dependencies';
import { requirePerson } from './person';

// The console's actions (docs/support.md). Each leaves one audit event naming the admin, the
// person, the object and the reason; an action and its event are written together, and an account
// deletion's event is written before the deletion, so it outlives the account.

/** The furthest a support grant may reach. */
export const GRANT_MAX_YEARS = 5;

const clock = (deps: Pick<AdminDependencies, 'now'>) => (deps.now ?? (() => new Date()))();

function grantEnd(until: string, now: Date): Date {
  const end = new Date(until);
  if (end.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', 'until must be in the future');
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + GRANT_MAX_YEARS);
  if (end.getTime() > latest.getTime())
    throw new AppError('BAD_REQUEST', `until must be at most ${GRANT_MAX_YEARS} years from now`);
  return end;
}

/** Premium until a date, as the person's support grant (replacing an earlier one). */
export async function grantPremium(
  deps: AdminDependencies,
  admin: SessionUser,
  input: { uid: string; until: string; reason: string },
): Promise<{ entitlementId: string; until: string }> {
  const now = clock(deps);
  const until = grantEnd(input.until, now);
  await requirePerson(deps.db, input.uid);
  const entitlementId = await deps.db.transaction(async (tx) => {
    const id = await grantSupportPremium(tx, { userId: input.uid, until, now });
    await recordAudit(tx, {
      actorUid: admin.id,
      action: 'grantPremium',
      targetUid: input.uid,
      targetRef: id,
      reason: input.reason,
      details: { until: until.toISOString() },
    });
    return id;
  });
  return { entitlementId, until: until.toISOString() };
}

/** Ends a support grant now; other entitlements are refunded or cancelled at their source instead. */
export async function revokeGrant(
  deps: AdminDependencies,
  admin: SessionUser,
  input: { uid: string; entitlementId: string; reason: string },
): Promise<{ revoked: true }> {
  const now = clock(deps);
  await requirePerson(deps.db, input.uid);
  await deps.db.transaction(async (tx) => {
    await endSupportGrant(tx, { userId: input.uid, entitlementId: input.entitlementId, now });
    await recordAudit(tx, {
      actorUid: admin.id,
      action: 'revokeGrant',
      targetUid: input.uid,
      targetRef: input.entitlementId,
      reason: input.reason,
      details: { endedAt: now.toISOString() },
    });
  });
  return { revoked: true };
}

/** The gift purchase's confirmation e-mail again, to the address its checkout gave. */
export async function resendGiftEmail(
  deps: AdminDependencies,
  admin: SessionUser,
  input: { giftPurchaseId: string; reason: string },
): Promise<{ sentTo: string }> {
  const { sentTo, buyerUid } = await resendGiftConfirmation(deps, input.giftPurchaseId);
  // The address stays out of the event: the row outlives the buyer's account. A signed-in buyer's
  // page lists it, as it lists a refund of the gift.
  await recordAudit(deps.db, {
    actorUid: admin.id,
    action: 'resendGiftEmail',
    targetUid: buyerUid,
    targetRef: input.giftPurchaseId,
    reason: input.reason,
    details: {},
  });
  return { sentTo };
}

/**
 * Deletes the account as the person's own deletion does (account/deletion.ts), without asking for
 * their fresh sign-in. The event is written first: if the deletion then fails (the payment provider
 * is unreachable), the log shows the attempt and the admin tries again.
 */
export async function deleteAccountAsAdmin(
  deps: AdminDependencies,
  admin: SessionUser,
  input: { uid: string; reason: string },
): Promise<DeleteAccountResponse> {
  const now = clock(deps);
  const person = await requirePerson(deps.db, input.uid);
  await recordAudit(deps.db, {
    actorUid: admin.id,
    action: 'deleteAccount',
    targetUid: input.uid,
    targetRef: null,
    reason: input.reason,
    details: {},
  });
  return eraseAccount(deps, { id: person.uid, email: person.email, phoneNumber: person.phoneNumber }, now);
}

/** Refunds a payment through the provider, whose webhook then changes premium; then the event. */
export async function refundPayment(
  deps: AdminDependencies,
  admin: SessionUser,
  input: { uid: string; paymentId: string; amountCents?: number | undefined; reason: string },
): Promise<RefundResult> {
  await requirePerson(deps.db, input.uid);
  const refund = await deps.payments.refundPayment({
    userId: input.uid,
    paymentId: input.paymentId,
    ...(input.amountCents !== undefined ? { amountCents: input.amountCents } : {}),
  });
  await recordAudit(deps.db, {
    actorUid: admin.id,
    action: 'refundPayment',
    targetUid: input.uid,
    targetRef: input.paymentId,
    reason: input.reason,
    details: { refundId: refund.refundId, amountCents: refund.amountCents, status: refund.status },
  });
  return refund;
}
