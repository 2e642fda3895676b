import {
  brand,
  type CheckoutTerms,
  firstCharge,
  isExpired,
  isLapsedSubscriber,
  isSubscriptionPrice,
  isWinBackPrice,
  messages,
  type PaymentConfig,
  type Price,
  priceKeyOf,
  type SubscriptionIntent,
  type SubscriptionPriceKey,
} from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PaymentProviderName } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { PaymentProvider } from '../../integrations/payments/provider';
import { recordAgreement, requireCurrentTerms } from '../agreements/service';
import { getSubscriber } from '../entitlements/service';
import { checkoutTrialFor, providerTrial } from './checkout-trial';
import { ensureCustomer } from './customers';
import { startPurchase } from './purchase-start';
import { findCustomerId, findSubscription, hasLiveSubscription } from './repo';

export interface PaymentsDependencies {
  db: Database;
  config: Config;
  provider: PaymentProvider;
}

const unknownPrice = () => new AppError('BAD_REQUEST', `That price is not one of ${brand.name}'s prices.`);

/** The price entry of a price id that buys a subscription here; 400 for anything else. */
function subscriptionPriceKey(config: Config, priceId: string): SubscriptionPriceKey {
  const key = priceKeyOf(config.prices, priceId);
  if (key === 'gift') throw new AppError('BAD_REQUEST', 'That price is for gifts, not for a subscription.');
  if (!isSubscriptionPrice(key)) throw unknownPrice();
  return key;
}

/**
 * The price entry a person may subscribe at: the win-back prices only for someone whose paid
 * premium has lapsed (core's isLapsedSubscriber), so a price id from getPaymentConfig buys nothing
 * it should not; 403 for anyone else.
 */
async function priceKeyFor(
  db: Database,
  config: Config,
  userId: string,
  priceId: string,
  now: Date,
): Promise<SubscriptionPriceKey> {
  const key = subscriptionPriceKey(config, priceId);
  if (isWinBackPrice(key)) {
    const subscriber = await getSubscriber(db, userId, now);
    if (!isLapsedSubscriber({ subscriber, isExpired: isExpired(subscriber, now) })) {
      throw new AppError('FORBIDDEN', messages.winBackNotOffered);
    }
  }
  return key;
}

/** A person only ever acts on their own customer; anyone else's id is answered as not found. */
function requireOwnUserId(user: SessionUser | null, userId: string): SessionUser {
  if (!user || user.id !== userId) throw notFound('That user');
  return user;
}

/**
 * Every price id, the win-back ones too: a page needs them to offer win-back to someone whose
 * premium has lapsed, and checkout refuses them to anyone else (priceKeyFor).
 */
export function paymentConfig({ config, provider }: Omit<PaymentsDependencies, 'db'>): PaymentConfig {
  return {
    provider: provider.name,
    publishableKey: config.payments.provider === 'stripe' ? config.payments.publishableKey : null,
    prices: config.prices,
  };
}

/** Where a failed provider call is reported. */
export interface PaymentsLog {
  warn(details: object, message: string): void;
}

/**
 * Any of this environment's prices, gifts included, as the provider charges it. A provider that
 * cannot be reached is a 503, as for a gift checkout: the page may try again.
 */
export async function getPrice(
  { config, provider }: PaymentsDependencies,
  priceId: string,
  log: PaymentsLog,
): Promise<Price> {
  if (priceKeyOf(config.prices, priceId) === null) throw unknownPrice();
  let price: Awaited<ReturnType<PaymentProvider['getPrice']>>;
  try {
    price = await provider.getPrice(priceId);
  } catch (error) {
    log.warn({ err: error, priceId }, 'the provider could not price a price id');
    throw new AppError('UNAVAILABLE', 'Prices are not available right now. Please try again.');
  }
  if (!price) throw notFound('That price');
  return { unit_amount: price.unitAmount, currency: price.currency };
}

export interface SubscriptionCheckoutInput {
  priceId: string;
  cancelPath: string;
  successPath: string;
  skipTrial?: boolean | undefined;
  deferPayment?: boolean | undefined;
  termsVersion?: string | undefined;
}

/**
 * A hosted checkout for a plan: 7 free days for a first trial, what is left of the no-card trial
 * carried over (see checkoutTrialFor), or none with skipTrial; with deferPayment a trial may start
 * without a card. The paths were checked to be on this site; they become absolute here. Checkouts
 * the person opened before can no longer be paid.
 */
export async function createSubscriptionCheckout(
  { db, config, provider }: PaymentsDependencies,
  user: SessionUser,
  input: SubscriptionCheckoutInput,
  now: Date,
): Promise<{ url: string }> {
  requireCurrentTerms(input.termsVersion);
  await priceKeyFor(db, config, user.id, input.priceId, now);
  const customerId = await ensureCustomer(db, provider, user);
  const session = await startPurchase({ db, provider }, { userId: user.id, customerId, now }, async () =>
    provider.createCheckoutSession({
      mode: 'subscription',
      priceId: input.priceId,
      quantity: 1,
      customerId,
      ...providerTrial(await checkoutTrialFor(db, user.id, { now, wantsTrial: !input.skipTrial })),
      paymentMethodCollection: input.deferPayment ? 'if_required' : 'always',
      successUrl: `${config.publicUrl}${input.successPath}`,
      cancelUrl: `${config.publicUrl}${input.cancelPath}`,
      metadata: { userId: user.id },
    }),
  );
  if (!session.url)
    throw new AppError('UNAVAILABLE', 'Checkout is not available right now. Please try again.');
  await recordAgreement(db, {
    termsVersion: input.termsVersion,
    userId: user.id,
    purchase: { kind: 'subscription_checkout', ref: session.id },
    at: now,
  });
  return { url: session.url };
}

export async function getCustomer(
  { db, provider }: PaymentsDependencies,
  user: SessionUser,
  userId: string,
): Promise<{ customerId: string | null; hasActiveSubscriptions: boolean }> {
  const own = requireOwnUserId(user, userId);
  const [customerId, hasActiveSubscriptions] = await Promise.all([
    findCustomerId(db, own.id, provider.name),
    hasLiveSubscription(db, own.id),
  ]);
  return { customerId, hasActiveSubscriptions };
}

/**
 * The signed-in user's customer (created once, then returned), or, before sign-in, a customer for
 * an e-mail alone, which no account owns.
 */
export async function createCustomer(
  { db, provider }: PaymentsDependencies,
  caller: SessionUser | null,
  input: { userId?: string | undefined; email?: string | undefined },
): Promise<{ customerId: string }> {
  if (input.userId !== undefined) {
    const own = requireOwnUserId(caller, input.userId);
    return { customerId: await ensureCustomer(db, provider, own) };
  }
  const created = await provider.createCustomer({ email: input.email ?? null, userId: null });
  return { customerId: created.id };
}

/**
 * A subscription the embedded payment form confirms: a setup for a trial, a payment without one.
 * Subscriptions and checkouts the person started before and never finished are ended.
 */
export async function createSubscriptionIntent(
  { db, config, provider }: PaymentsDependencies,
  user: SessionUser,
  input: { userId: string; priceId: string; numTrialDays: number; termsVersion?: string | undefined },
  now: Date,
): Promise<SubscriptionIntent> {
  const own = requireOwnUserId(user, input.userId);
  requireCurrentTerms(input.termsVersion);
  await priceKeyFor(db, config, own.id, input.priceId, now);
  const customerId = await ensureCustomer(db, provider, own);
  const intent = await startPurchase({ db, provider }, { userId: own.id, customerId, now }, async () => {
    // The form asks for its trial length; the server still allows a trial only once per person,
    // and someone on the no-card trial keeps what is left of it instead.
    const trial = providerTrial(
      await checkoutTrialFor(db, own.id, { now, wantsTrial: input.numTrialDays > 0 }),
    );
    return provider.createSubscriptionIntent({
      customerId,
      priceId: input.priceId,
      trialDays: Math.min(input.numTrialDays, trial.trialDays),
      trialEnd: trial.trialEnd ?? null,
      userId: own.id,
    });
  });
  await recordAgreement(db, {
    termsVersion: input.termsVersion,
    userId: own.id,
    purchase: { kind: 'subscription_intent', ref: intent.subscriptionId },
    at: now,
  });
  return intent;
}

/**
 * What buying the plan at `priceId` now would charge the person: the trial checkout would offer,
 * what is due today and the first charge, by the same rule checkout applies, so the page before
 * checkout names the date and amount the provider will charge.
 */
export async function getCheckoutTerms(
  deps: PaymentsDependencies,
  user: SessionUser,
  priceId: string,
  now: Date,
  log: PaymentsLog,
): Promise<CheckoutTerms> {
  await priceKeyFor(deps.db, deps.config, user.id, priceId, now);
  const [price, trial] = await Promise.all([
    getPrice(deps, priceId, log),
    checkoutTrialFor(deps.db, user.id, { now, wantsTrial: true }),
  ]);
  const charge = firstCharge({ trial, price: { amount: price.unit_amount, currency: price.currency }, now });
  return {
    trial: trial.kind,
    trialEndsAt: trial.kind === 'none' ? null : charge.at.toISOString(),
    dueToday: charge.dueToday,
    firstChargeAt: charge.at.toISOString(),
    firstChargeAmount: charge.amount,
    currency: charge.currency,
  };
}

/** What the subscription page needs of a web subscription: its state and how it is paid. */
export interface WebSubscriptionSummary {
  provider: PaymentProviderName;
  customerId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  paymentMethod: string | null;
}

export async function getWebSubscription(
  db: Database,
  subscriptionId: string,
): Promise<WebSubscriptionSummary | null> {
  const row = await findSubscription(db, subscriptionId);
  if (!row) return null;
  return {
    provider: row.provider,
    customerId: row.customerId,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    paymentMethod: row.paymentMethod,
  };
}

/** The user's customer id at this provider, if they have one. */
export const getCustomerId = (db: Database, userId: string, provider: PaymentProviderName) =>
  findCustomerId(db, userId, provider);

/** What the trial reminders need of a web subscription's trial. */
export interface SubscriptionTrial {
  userId: string;
  status: string;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  awaitingPaymentMethod: boolean;
  priceId: string;
  paymentMethod: string | null;
}

/** Read-only, for the trial reminders: the stored subscription's trial and what it will charge. */
export async function getSubscriptionTrial(
  db: Database,
  subscriptionId: string,
): Promise<SubscriptionTrial | null> {
  const row = await findSubscription(db, subscriptionId);
  if (!row) return null;
  return {
    userId: row.userId,
    status: row.status,
    trialEnd: row.trialEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    awaitingPaymentMethod: row.awaitingPaymentMethod,
    priceId: row.priceId,
    paymentMethod: row.paymentMethod,
  };
}
