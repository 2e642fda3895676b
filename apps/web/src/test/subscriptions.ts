import {
  DAY_MS,
  daysLeft,
  environments,
  isExpired,
  isPaymentFailed,
  isTrial,
  type PaymentConfig,
  paymentConfigSchema,
  planName,
  productIds,
  type Subscriber,
  type SubscriberSubscription,
  type SubscriptionState,
  subscriptionStateSchema,
  subscriptionTexts,
  type WebPaymentFacts,
} from '@stillpoint/core';

/** The plans a person can be on, as the server reports them. */
export type PlanKind = 'pro' | 'cardTrial' | 'noCardTrial' | 'expired' | 'lifetime' | 'paymentFailed';

interface PlanOptions {
  /** Days until the plan ends (rounded up by the badge rule); ignored for 'lifetime'. */
  days?: number;
  /** Where the plan is managed; the billing portal by default for web purchases. */
  managementUrl?: string | null;
  isSandbox?: boolean;
  /**
   * The server's clock when it answered: the expiry is counted from it, and so are the flags it
   * sends (isTrial, daysLeft, isExpired). This page's clock by default; serverClock sets it apart.
   */
  now?: Date;
}

/**
 * The server's clock `offsetMs` ahead of this page's (behind when negative), as `now` above: for
 * states whose flags differ from what the page's own clock would make of the same expiry.
 */
export const serverClock = (offsetMs: number): Date => new Date(Date.now() + offsetMs);

export const MINUTE_MS = 60_000;

export const FAKE_PORTAL_URL = 'https://billing.example.test/portal/session-1';

const plans: Record<
  PlanKind,
  { product: string; entry: Pick<SubscriberSubscription, 'period_type' | 'store'> }
> = {
  pro: { product: productIds.paymentYearly, entry: { period_type: 'normal', store: 'stripe' } },
  cardTrial: { product: productIds.paymentYearly, entry: { period_type: 'trial', store: 'stripe' } },
  noCardTrial: { product: productIds.promoWeekly, entry: { period_type: 'trial', store: 'promotional' } },
  expired: { product: productIds.paymentMonthly, entry: { period_type: 'normal', store: 'stripe' } },
  // A renewal whose charge failed two days ago, retried while premium stays on (past due).
  paymentFailed: { product: productIds.paymentMonthly, entry: { period_type: 'normal', store: 'stripe' } },
  lifetime: { product: productIds.promoLifetime, entry: { period_type: 'normal', store: 'promotional' } },
};

/**
 * A subscription state as getSubscriptionState answers it, worded by core's rules and checked
 * against core's schema, so the fake server never answers what the real one could not.
 */
export function subscriptionState(
  kind: PlanKind,
  { days, managementUrl, isSandbox = false, now = new Date() }: PlanOptions = {},
): SubscriptionState {
  const { product, entry } = plans[kind];
  const length = days ?? (kind === 'expired' ? -3 : kind === 'pro' ? 300 : kind === 'paymentFailed' ? 12 : 7);
  const expires = kind === 'lifetime' ? null : new Date(now.getTime() + length * DAY_MS).toISOString();
  const purchased = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  const subscriber: Subscriber = {
    entitlements: {
      premium: { product_identifier: product, expires_date: expires, purchase_date: purchased },
    },
    subscriptions: {
      [product]: {
        ...entry,
        expires_date: expires,
        purchase_date: purchased,
        is_sandbox: isSandbox,
        billing_issues_detected_at:
          kind === 'paymentFailed' ? new Date(now.getTime() - 2 * DAY_MS).toISOString() : null,
      },
    },
  };
  const web = entry.store === 'stripe';
  const payment: WebPaymentFacts | null = web
    ? {
        status: kind === 'cardTrial' ? 'trialing' : kind === 'paymentFailed' ? 'past_due' : 'active',
        cancelAtPeriodEnd: false,
        paymentMethod: 'Visa ending in 4242',
      }
    : null;
  const texts = subscriptionTexts(subscriber, payment, now);
  return subscriptionStateSchema.parse({
    name: planName(subscriber),
    info: texts?.info,
    detailedInfo: texts?.detailedInfo ?? null,
    managementUrl: managementUrl === undefined ? (web ? FAKE_PORTAL_URL : null) : managementUrl,
    isTrial: isTrial(subscriber),
    daysLeft: daysLeft(subscriber, now),
    isExpired: isExpired(subscriber, now),
    isPaymentFailed: isPaymentFailed(subscriber, now),
    subscriber,
  });
}

/** The test environment's price ids, as getPaymentConfig answers on the local provider. */
export const FAKE_PAYMENT_CONFIG: PaymentConfig = paymentConfigSchema.parse({
  provider: 'local',
  publishableKey: null,
  prices: environments.test.prices,
});

export const FAKE_CHECKOUT_URL = 'https://checkout.example.test/session/cs_1';
