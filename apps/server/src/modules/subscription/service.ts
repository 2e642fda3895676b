import {
  daysLeft,
  isExpired,
  isPaymentFailed,
  isTrial,
  planName,
  type SubscriptionState,
  subscriptionTexts,
  type WebPaymentFacts,
} from '@stillpoint/core';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PaymentProvider } from '../../integrations/payments/provider';
import { type EntitlementRecord, getPremium } from '../entitlements/service';
import { getWebSubscription, type WebSubscriptionSummary } from '../payments/service';
import { SUBSCRIPTION_PAGE_PATH, storeManagementUrls } from './management-url';

export interface SubscriptionDependencies {
  db: Database;
  config: Config;
  provider: PaymentProvider;
}

export interface StateLog {
  warn(details: object, message: string): void;
}

/**
 * The subscription page's state (SPEC §3): the friendly plan name, sentences about it, where to
 * manage it, and the derived flags. Null for someone who never had an entitlement.
 */
export async function getSubscriptionState(
  deps: SubscriptionDependencies,
  userId: string,
  now: Date,
  log: StateLog,
): Promise<SubscriptionState | null> {
  const found = await getPremium(deps.db, userId, now);
  if (!found) return null;
  const { subscriber, premium } = found;
  const web = await webSubscriptionOf(deps.db, premium);
  const texts = subscriptionTexts(subscriber, web ? paymentFacts(web) : null, now);
  const name = planName(subscriber);
  if (!texts || name === null) return null;
  const paymentFailed = isPaymentFailed(subscriber, now);
  return {
    name,
    info: texts.info,
    detailedInfo: texts.detailedInfo,
    managementUrl: await managementUrl(deps, premium, web, paymentFailed, log),
    isTrial: isTrial(subscriber),
    daysLeft: daysLeft(subscriber, now),
    isExpired: isExpired(subscriber, now),
    isPaymentFailed: paymentFailed,
    subscriber,
  };
}

const webSubscriptionOf = (db: Database, premium: EntitlementRecord) =>
  premium.store === 'stripe' && premium.sourceRef ? getWebSubscription(db, premium.sourceRef) : null;

const paymentFacts = (web: WebSubscriptionSummary): WebPaymentFacts => ({
  status: web.status,
  cancelAtPeriodEnd: web.cancelAtPeriodEnd,
  paymentMethod: web.paymentMethod,
});

/**
 * The billing portal for web purchases, the store's subscription page for store purchases, and
 * nothing for grants (a gift, the no-card trial). After a failed payment the portal opens on
 * updating the card, the one thing the page then offers. A portal that cannot be opened right now
 * leaves the page without a manage button rather than failing it.
 */
async function managementUrl(
  { config, provider }: SubscriptionDependencies,
  premium: EntitlementRecord,
  web: WebSubscriptionSummary | null,
  paymentFailed: boolean,
  log: StateLog,
): Promise<string | null> {
  if (premium.store !== 'stripe') return storeManagementUrls[premium.store] ?? null;
  // A purchase made through the other provider (before a switch to Stripe) has no portal here.
  if (!web || web.provider !== provider.name) return null;
  try {
    const portal = await provider.createPortalSession({
      customerId: web.customerId,
      returnUrl: `${config.publicUrl}${SUBSCRIPTION_PAGE_PATH}`,
      ...(paymentFailed ? { flow: 'payment_method_update' as const } : {}),
    });
    return portal.url;
  } catch (error) {
    log.warn({ err: error, customerId: web.customerId }, 'could not open a billing portal session');
    return null;
  }
}
