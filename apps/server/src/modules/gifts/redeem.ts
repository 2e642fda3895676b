import { GIFT_DURATION_YEARS, productIds } from '@stillpoint/core';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { applyEntitlement, type EntitlementRecord, entitlementsInForce } from '../entitlements/service';
import { getWebSubscription } from '../payments/service';
import { type CodeState, claimCode, findCode, lockRedeemer } from './repo';

/**
 * The product a redeemed gift grants (store `gift`). Its own product, not the yearly plan's: a
 * person's web or store plan has its own row per product, and a gift written onto that row would
 * be overwritten by the plan's next webhook (or overwrite the plan).
 */
export const GIFT_PRODUCT_ID = productIds.giftYearly;

export interface RedeemDependencies {
  db: Database;
  /** Whether purchases here are test-mode ones (the local provider, Stripe test keys). */
  sandbox: boolean;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

/** Web subscription statuses that will charge again unless renewal is turned off. */
const RENEWING_WEB_STATUSES = new Set(['trialing', 'active', 'past_due']);

export const redeemMessages = {
  unknown: 'That code is not valid. Check it and try again.',
  unpaid: 'That code cannot be used yet: its purchase has not been completed.',
  used: 'That code has already been redeemed.',
  usedByYou: 'You have already redeemed this code.',
  voided: 'That code was refunded and can no longer be used.',
  renewingWeb:
    'You have a subscription that renews automatically. Turn off its renewal on your subscription page, ' +
    'or wait until it has ended, then redeem this code: your gifted year starts when the paid time runs out.',
  renewingStore:
    'You have a subscription through the App Store or Google Play, which renews automatically. ' +
    'Turn off its renewal in the store and wait until it has ended, then redeem this code.',
  lifetime: 'You already have premium for life, so this code would add nothing. Pass it on to someone else.',
  changed: 'Your premium changed while the code was being redeemed. Please try again.',
} as const;

/** Why a code cannot be redeemed, before anything else is looked at; null when it can be. */
function codeRefusal(state: CodeState | null, userId: string): AppError | null {
  // A purchase that expired unpaid never had a usable code: it reads like an unknown one.
  if (!state || state.purchaseStatus === 'expired') return new AppError('NOT_FOUND', redeemMessages.unknown);
  if (state.redeemedAt) {
    return new AppError(
      'BAD_REQUEST',
      state.redeemedByUserId === userId ? redeemMessages.usedByYou : redeemMessages.used,
    );
  }
  if (state.voidedAt) return new AppError('BAD_REQUEST', redeemMessages.voided);
  if (state.purchaseStatus !== 'paid') return new AppError('BAD_REQUEST', redeemMessages.unpaid);
  return null;
}

/**
 * A gift does not pause a plan that charges: redeemed beside one, the gifted year would be paid
 * for twice. So a plan that renews by itself refuses the code (which stays unused). A web plan
 * set to end is fine (the year follows it); a store plan always counts as renewing, as its
 * renewal setting is not known here.
 */
async function renewingPlanRefusal(
  db: Database,
  inForce: readonly EntitlementRecord[],
): Promise<AppError | null> {
  for (const grant of inForce) {
    if (grant.expiresAt === null) return new AppError('BAD_REQUEST', redeemMessages.lifetime);
    if (grant.store === 'app_store' || grant.store === 'play_store') {
      return new AppError('BAD_REQUEST', redeemMessages.renewingStore);
    }
    if (grant.store === 'stripe') {
      const web = grant.sourceRef ? await getWebSubscription(db, grant.sourceRef) : null;
      // Unknown to payments: better to keep the code than to risk paying twice.
      if (!web || (RENEWING_WEB_STATUSES.has(web.status) && !web.cancelAtPeriodEnd)) {
        return new AppError('BAD_REQUEST', redeemMessages.renewingWeb);
      }
    }
  }
  return null;
}

/** Calendar years in UTC (a gift from March 3 runs to March 3). */
export function addYears(from: Date, years: number): Date {
  const end = new Date(from);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end;
}

/**
 * The gifted year starts when the premium the person already has runs out (the free trial, an
 * earlier gift, a plan set to end), or now without any.
 */
function giftStart(inForce: readonly EntitlementRecord[], now: Date): Date {
  const ends = inForce.map((grant) => grant.expiresAt?.getTime() ?? now.getTime());
  return new Date(Math.max(now.getTime(), ...ends));
}

/**
 * Redeems a code for the signed-in person: one year of premium (store `gift`), added after any
 * non-renewing premium they hold. The code is claimed and the year granted in one transaction,
 * so a failed grant leaves the code unused; the claim's UPDATE lets exactly one of any number of
 * concurrent attempts have it.
 */
export async function redeemGiftCode(
  { db, sandbox, log }: RedeemDependencies,
  userId: string,
  code: string,
  clock: () => Date,
): Promise<{ premiumUntil: string }> {
  const result = await db.transaction(async (tx) => {
    await lockRedeemer(tx, userId);
    // Read after the lock: redemptions by one person are serialized, and each must be observed
    // after the one before it, or the grant would look older than the gift row it extends.
    const now = clock();
    const refusedCode = codeRefusal(await findCode(tx, code), userId);
    if (refusedCode) {
      // Many of these from one person or address is someone guessing: worth a look.
      if (refusedCode.code === 'NOT_FOUND')
        log.warn({ userId }, 'gift code redemption refused: no such code');
      throw refusedCode;
    }
    const inForce = await entitlementsInForce(tx, userId, now);
    const refusedPlan = await renewingPlanRefusal(tx, inForce);
    if (refusedPlan) throw refusedPlan;

    const claimed = await claimCode(tx, code, userId, now);
    // Someone else's attempt got there between the look and the claim.
    if (!claimed) throw new AppError('BAD_REQUEST', redeemMessages.used);
    const premiumUntil = addYears(giftStart(inForce, now), GIFT_DURATION_YEARS);
    const granted = await applyEntitlement(tx, {
      userId,
      productIdentifier: GIFT_PRODUCT_ID,
      store: 'gift',
      periodType: 'normal',
      purchasedAt: now,
      expiresAt: premiumUntil,
      isSandbox: sandbox,
      sourceRef: `gift:${code}`,
      observedAt: now,
    });
    // A later write to the person's gift row (another server's clock ahead of ours): roll back.
    if (!granted) throw new AppError('CONFLICT', redeemMessages.changed);
    return { premiumUntil: premiumUntil.toISOString(), giftPurchaseId: claimed.giftPurchaseId };
  });
  log.info({ userId, giftPurchaseId: result.giftPurchaseId }, 'gift code redeemed');
  return { premiumUntil: result.premiumUntil };
}
