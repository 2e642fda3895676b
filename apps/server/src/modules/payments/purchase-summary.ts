import { type PurchaseSummary, subscriptionPriceKind } from '@stillpoint/core';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../integrations/payments/provider';
import { FREE_TRIAL_SOURCE } from '../entitlements/free-trial';
import { getPremium, isInForce } from '../entitlements/service';
import { findSubscription, type PaymentSubscriptionRow } from './repo';

interface SummaryDependencies {
  db: Database;
  config: Pick<Config, 'prices'>;
  provider: Pick<PaymentProvider, 'getPrice'>;
}

/**
 * A web plan as its confirmation and receipt word it, from the stored subscription and what the
 * provider charges for its price: on a trial, the first charge comes when the trial ends (none if
 * canceled before then); otherwise the first period was paid when it began. Null for a price that
 * is no plan here. Throws when the provider cannot be reached.
 */
export async function planSummary(
  { config, provider }: Omit<SummaryDependencies, 'db'>,
  row: PaymentSubscriptionRow,
): Promise<PurchaseSummary | null> {
  const plan = subscriptionPriceKind(row.priceId, config.prices);
  if (plan === null) return null;
  const price = await provider.getPrice(row.priceId);
  if (!price) return null;
  const charge = { amount: price.unitAmount, currency: price.currency };
  const trialEnd = row.status === 'trialing' ? row.trialEnd : null;
  let firstCharge: PurchaseSummary['firstCharge'] = null;
  if (trialEnd !== null) {
    if (!row.cancelAtPeriodEnd) firstCharge = { ...charge, at: trialEnd.toISOString(), paid: false };
  } else {
    firstCharge = { ...charge, at: (row.currentPeriodStart ?? row.createdAt).toISOString(), paid: true };
  }
  return {
    kind: 'plan',
    plan,
    trialEndsAt: trialEnd?.toISOString() ?? null,
    firstCharge,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    receiptSentTo: row.receiptSentTo,
  };
}

export interface SummaryLog {
  warn(details: object, message: string): void;
}

/**
 * What the person's premium in force came from, for the confirmation after a purchase or a trial
 * start: their web plan, or the no-card trial (no card, so no charge). Null for anything else (a
 * gift, which has its own confirmation; a store purchase) or without premium in force.
 */
export async function getPurchaseSummary(
  deps: SummaryDependencies,
  userId: string,
  now: Date,
  log: SummaryLog,
): Promise<PurchaseSummary | null> {
  const found = await getPremium(deps.db, userId, now);
  if (!found || !isInForce(found.premium, now)) return null;
  const { premium } = found;
  if (premium.store === 'promotional' && premium.sourceRef === FREE_TRIAL_SOURCE) {
    return {
      kind: 'freeTrial',
      plan: null,
      trialEndsAt: premium.expiresAt?.toISOString() ?? null,
      firstCharge: null,
      cancelAtPeriodEnd: false,
      receiptSentTo: null,
    };
  }
  if (premium.store !== 'stripe' || !premium.sourceRef) return null;
  const row = await findSubscription(deps.db, premium.sourceRef);
  if (!row || row.userId !== userId) return null;
  try {
    return await planSummary(deps, row);
  } catch (error) {
    log.warn({ err: error, subscriptionId: row.id }, 'the provider could not price a purchase summary');
    throw new AppError('UNAVAILABLE', 'Your purchase cannot be shown right now. Please try again.');
  }
}
