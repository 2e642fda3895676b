import {
  type CheckoutTerms,
  checkoutTrial,
  firstCharge,
  type PriceKey,
  type PurchaseSummary,
  priceAmountsCents,
  priceKeyOf,
  productIds,
  type SubscriptionState,
  subscriptionPriceKind,
} from '@stillpoint/core';
import { FAKE_PAYMENT_CONFIG } from './subscriptions';

/**
 * getPurchaseSummary as the server answers it for a plan from subscriptions.ts: the no-card trial
 * (no card, no charge), a web plan on its trial (charged when it ends) or paid; null otherwise.
 */
export function purchaseSummaryOf(state: SubscriptionState | null): PurchaseSummary | null {
  const premium = state?.subscriber.entitlements.premium;
  if (!state || !premium || state.isExpired) return null;
  const entry = state.subscriber.subscriptions[premium.product_identifier];
  if (premium.product_identifier === productIds.promoWeekly) {
    return {
      kind: 'freeTrial',
      plan: null,
      trialEndsAt: premium.expires_date,
      firstCharge: null,
      cancelAtPeriodEnd: false,
      receiptSentTo: null,
    };
  }
  if (entry?.store !== 'stripe') return null;
  const plan = premium.product_identifier.includes('monthly') ? 'monthly' : 'annual';
  const amount = priceAmountsCents[plan];
  const trialEnd = entry.period_type === 'trial' ? premium.expires_date : null;
  return {
    kind: 'plan',
    plan,
    trialEndsAt: trialEnd,
    firstCharge: trialEnd
      ? { at: trialEnd, amount, currency: 'usd', paid: false }
      : { at: premium.purchase_date, amount, currency: 'usd', paid: true },
    cancelAtPeriodEnd: false,
    receiptSentTo: null,
  };
}

/**
 * getCheckoutTerms as the server answers it, by core's rules: the no-card trial carried over, a
 * first trial's free days, or the price due today. Null for a price that is no plan here.
 */
export function checkoutTermsFor(
  state: SubscriptionState | null,
  { trialUsed, priceId, now = new Date() }: { trialUsed: boolean; priceId: string; now?: Date },
): CheckoutTerms | null {
  const key = priceKeyOf(FAKE_PAYMENT_CONFIG.prices, priceId) as PriceKey | null;
  if (!key || subscriptionPriceKind(priceId, FAKE_PAYMENT_CONFIG.prices) === null) return null;
  const premium = state?.subscriber.entitlements.premium;
  const onNoCardTrial = premium?.product_identifier === productIds.promoWeekly;
  const trial = checkoutTrial(
    {
      hadNoCardTrial: trialUsed || onNoCardTrial,
      noCardTrialEndsAt: onNoCardTrial && premium?.expires_date ? new Date(premium.expires_date) : null,
      hadWebTrial: false,
    },
    { now, wantsTrial: true },
  );
  const charge = firstCharge({ trial, price: { amount: priceAmountsCents[key], currency: 'usd' }, now });
  return {
    trial: trial.kind,
    trialEndsAt: trial.kind === 'none' ? null : charge.at.toISOString(),
    dueToday: charge.dueToday,
    firstChargeAt: charge.at.toISOString(),
    firstChargeAmount: charge.amount,
    currency: charge.currency,
  };
}
