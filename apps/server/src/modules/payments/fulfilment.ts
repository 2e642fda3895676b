import { isSubscriptionPrice, isTrialCredit, priceKeyOf, productForPrice } from '@stillpoint/core';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { EmailSender } from '../../integrations/email';
import type {
  CheckoutSession,
  PaymentProvider,
  ProviderSubscription,
  VerifiedPaymentEvent,
} from '../../integrations/payments/provider';
import {
  applyEntitlement,
  type EntitlementGrant,
  firstKnownUserId,
  getEntitlement,
  hasUsedFreeTrialForUpdate,
  isInForce,
} from '../entitlements/service';
import { noCardTrialEnd } from './checkout-trial';
import { subscriptionAccess } from './entitlement-mapping';
import { fulfilGiftPurchase, isGiftCheckout } from './gift-purchases';
import { sendReceiptIfOwed } from './receipt';
import { endPremiumOfRefundedPayment, REFUND_EVENTS } from './refund-fulfilment';
import {
  findCustomerOwner,
  isEventProcessed,
  lockSubscriptionsOf,
  otherLiveSubscriptionIds,
  recordEventIfNew,
  upsertSubscriptionUnlessNewer,
} from './repo';
import {
  isLiveSubscription,
  keepOldestLiveSubscription,
  type SecondSubscriptionLog,
} from './second-subscriptions';

export interface FulfilmentLog extends SecondSubscriptionLog {
  info(details: object, message: string): void;
}

export interface FulfilmentDependencies {
  db: Database;
  config: Config;
  provider: PaymentProvider;
  log: FulfilmentLog;
  /** Sends a gift buyer's confirmation and a plan's receipt (the app always passes one). */
  email?: EmailSender;
  /** The clock; tests pass their own. */
  now?: () => Date;
}

/**
 * What became of an event: fulfilled; a redelivery (duplicate); a fetch older than what is stored
 * (stale); nothing to do with subscriptions (ignored); a gift checkout (the gifts module's); no
 * account to give it to (unknown-user); or a live subscription newer than the person's other live
 * one, canceled instead of granted (second-subscription).
 */
export type FulfilmentOutcome =
  | 'fulfilled'
  | 'duplicate'
  | 'stale'
  | 'ignored'
  | 'gift'
  | 'unknown-user'
  | 'second-subscription';

/** Checkout events that can settle a gift: paid at once, paid later (a bank debit), or expired unpaid. */
const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
]);

/** Events that can change a subscription; everything else is acknowledged and ignored. */
const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
]);

/**
 * Applies one verified payment event. Its payload is never trusted: the subscription is fetched
 * from the provider again, so every event, in whatever order, applies the provider's current
 * state. Idempotent: the event id is recorded in the same transaction as its effects.
 */
export async function fulfilPaymentEvent(
  deps: FulfilmentDependencies,
  event: VerifiedPaymentEvent,
): Promise<FulfilmentOutcome> {
  const { db, provider, log } = deps;
  const now = deps.now ?? (() => new Date());
  if (await isEventProcessed(db, provider.name, event.id)) {
    // A redelivery after a receipt failed to send: the receipt is tried again.
    if (event.subscriptionId) await sendReceiptIfOwed(deps, event.subscriptionId);
    return 'duplicate';
  }

  let session: CheckoutSession | null = null;
  if (CHECKOUT_EVENTS.has(event.type)) {
    session = await provider.retrieveCheckoutSession(event.objectId);
    if (session && isGiftCheckout(session)) return fulfilGiftPurchase(deps, event, session);
  }
  let refundedSubscriptionId: string | null = null;
  if (REFUND_EVENTS.has(event.type)) {
    refundedSubscriptionId = await endPremiumOfRefundedPayment(deps, event);
    if (!refundedSubscriptionId) {
      // Premium is untouched (a partial refund, an older payment, a gift): recorded, so a
      // redelivery is a duplicate like any other.
      await recordEventIfNew(db, { provider: provider.name, eventId: event.id, type: event.type });
      return 'ignored';
    }
  } else if (!SUBSCRIPTION_EVENTS.has(event.type)) return 'ignored';
  const subscriptionId = event.subscriptionId ?? session?.subscriptionId ?? refundedSubscriptionId;
  if (!subscriptionId) return 'ignored';

  // Fetched before any transaction opens: PGlite has a single connection and the local provider
  // reads the database, so a fetch inside the transaction would wait on itself. The time the
  // fetch was asked for orders it against other fetches (synced_at, source_observed_at).
  const fetchedAt = now();
  const subscription = await provider.retrieveSubscription(subscriptionId);
  if (!subscription) {
    log.warn(
      { eventId: event.id, subscriptionId },
      'payment event names a subscription the provider does not have',
    );
    return 'ignored';
  }
  const userId = await ownerOf(db, subscription);
  if (!userId) {
    log.warn({ eventId: event.id, subscriptionId }, 'payment event for a subscription no account owns');
    return 'unknown-user';
  }
  const grant = await entitlementGrant(deps, subscription, userId, fetchedAt, now());
  const live = isLiveSubscription(subscription);

  const result = await db.transaction(async (tx) => {
    const none: readonly string[] = [];
    if (!(await recordEventIfNew(tx, { provider: provider.name, eventId: event.id, type: event.type }))) {
      return { outcome: 'duplicate' as const, otherLive: none, secondTrial: false };
    }
    // Two of the user's subscriptions fulfilled at once must not both find themselves the only live one.
    await lockSubscriptionsOf(tx, userId);
    const mirrored = await upsertSubscriptionUnlessNewer(tx, {
      id: subscription.id,
      provider: provider.name,
      userId,
      customerId: subscription.customerId,
      priceId: subscription.priceId,
      status: subscription.status,
      trialStart: subscription.trialStart,
      trialEnd: subscription.trialEnd,
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      endedAt: subscription.endedAt,
      paymentMethod: subscription.paymentMethod,
      awaitingPaymentMethod: subscription.awaitingPaymentMethod,
      isSandbox: provider.sandbox,
      syncedAt: fetchedAt,
    });
    if (!mirrored) return { outcome: 'stale' as const, otherLive: none, secondTrial: false };
    // The trial is once per person: a checkout opened before the no-card trial started still
    // offered one, so it is decided here again, under the lock startFreeTrial takes. A plan given
    // the rest of the no-card trial (marked so, and ending where it ends) is that trial carried
    // over, not a second one.
    // A trial this subscription was granted already was decided then; its later events (its end
    // above all) are written as they come.
    const secondTrial =
      grant?.periodType === 'trial' &&
      (await hasUsedFreeTrialForUpdate(tx, userId)) &&
      (await getEntitlement(tx, userId, grant.productIdentifier))?.sourceRef !== subscription.id &&
      !(await isNoCardTrialCarriedOver(tx, userId, subscription));
    // With another live subscription, which one stays is settled with the provider after the commit.
    const otherLive = live
      ? await otherLiveSubscriptionIds(tx, userId, provider.name, subscription.id)
      : none;
    if (grant && !secondTrial && otherLive.length === 0) await applyEntitlement(tx, grant);
    log.info({ eventId: event.id, subscriptionId, status: subscription.status }, 'payment event fulfilled');
    return { outcome: 'fulfilled' as const, otherLive, secondTrial };
  });

  if (result.otherLive.length > 0) {
    const { kept, canceledIds } = await keepOldestLiveSubscription(
      deps,
      userId,
      subscription,
      result.otherLive,
    );
    // A canceled one may have been granted when it looked like the only one: end its entitlement
    // now rather than when the provider's own cancellation event arrives.
    for (const id of canceledIds) await endCanceledEntitlement(deps, userId, id);
    if (kept.id !== subscription.id) return 'second-subscription';
    // The others were newer, or had ended after all: this one is the person's subscription.
    if (grant && !result.secondTrial) await applyEntitlement(db, grant);
  }
  if (result.secondTrial && subscription.status === 'trialing')
    await endSecondTrial(deps, userId, subscription);
  if (result.outcome !== 'duplicate') await sendReceiptIfOwed(deps, subscription.id);
  return result.outcome;
}

/**
 * Whether the subscription's trial is the person's no-card trial carried over: given with a set
 * end, which only the carry-over is, and that end is the no-card trial's (core's isTrialCredit).
 * The end alone is not enough: a checkout's own 7 days, started in the second after the no-card
 * trial began, end on that same second.
 */
async function isNoCardTrialCarriedOver(
  tx: Database,
  userId: string,
  subscription: ProviderSubscription,
): Promise<boolean> {
  if (!subscription.trialCarriedOver || subscription.trialEnd === null) return false;
  const noCardEnd = await noCardTrialEnd(tx, userId);
  return noCardEnd !== null && isTrialCredit(subscription.trialEnd, noCardEnd);
}

/**
 * A web trial that would be the person's second grants nothing and is ended at the provider: with
 * a card the first period is charged now, as for anyone who had the no-card trial; without one
 * nothing can be charged, so the subscription is canceled and the person keeps the trial they had.
 * A failure is logged; the subscription's next event decides again, and it grants no trial meanwhile.
 */
async function endSecondTrial(
  { provider, log }: FulfilmentDependencies,
  userId: string,
  subscription: ProviderSubscription,
): Promise<void> {
  const details = { userId, subscriptionId: subscription.id, withCard: subscription.paymentMethod !== null };
  try {
    if (subscription.paymentMethod !== null) await provider.endTrialNow(subscription.id);
    else await provider.cancelSubscription(subscription.id);
    log.info(details, 'a web trial after the no-card trial was ended at the provider: one trial per person');
  } catch (error) {
    (log.error ?? log.warn).call(
      log,
      { ...details, err: error },
      'a web trial after the no-card trial could not be ended at the provider; it grants no trial',
    );
  }
}

async function endCanceledEntitlement(deps: FulfilmentDependencies, userId: string, subscriptionId: string) {
  const now = deps.now ?? (() => new Date());
  const fetchedAt = now();
  const canceled = await deps.provider.retrieveSubscription(subscriptionId);
  if (!canceled) return;
  const grant = await entitlementGrant(deps, canceled, userId, fetchedAt, now());
  if (!grant) return;
  // Only a row this subscription wrote is ended; one it never got stays as it is (or absent).
  const current = await getEntitlement(deps.db, userId, grant.productIdentifier);
  if (current?.sourceRef === subscriptionId) await applyEntitlement(deps.db, grant);
}

/** The customer's owner; a subscription's own userId metadata only when it names a real account. */
async function ownerOf(db: Database, subscription: ProviderSubscription): Promise<string | null> {
  const owner = await findCustomerOwner(db, subscription.customerId);
  if (owner) return owner;
  return subscription.userId ? firstKnownUserId(db, [subscription.userId]) : null;
}

/**
 * The entitlement the subscription stands for, or null to leave entitlements alone: its status
 * grants nothing, its price is not a plan of this environment, or it has ended while another
 * subscription to the same plan (a later purchase) is in force on the one row per product.
 */
async function entitlementGrant(
  { db, config, provider, log }: FulfilmentDependencies,
  subscription: ProviderSubscription,
  userId: string,
  observedAt: Date,
  now: Date,
): Promise<EntitlementGrant | null> {
  const access = subscriptionAccess(subscription);
  if (!access) return null;
  const priceKey = priceKeyOf(config.prices, subscription.priceId);
  if (!isSubscriptionPrice(priceKey)) {
    log.warn(
      { subscriptionId: subscription.id, priceId: subscription.priceId },
      'subscription to a price that is no plan of this environment; no entitlement granted',
    );
    return null;
  }
  const productIdentifier = productForPrice(priceKey, provider.sandbox);
  const current = await getEntitlement(db, userId, productIdentifier);
  const grantsNow = access.expiresAt.getTime() > now.getTime();
  if (current && current.sourceRef !== subscription.id && isInForce(current, now) && !grantsNow) return null;
  return {
    userId,
    productIdentifier,
    store: 'stripe',
    periodType: access.periodType,
    purchasedAt: subscription.createdAt,
    expiresAt: access.expiresAt,
    isSandbox: provider.sandbox,
    sourceRef: subscription.id,
    observedAt,
    billingIssueDetectedAt: access.billingIssueDetectedAt ?? null,
  };
}
