import { type RevenueCatEvent, STORE_PRODUCT_IDS } from '@stillpoint/core';
import type { EntitlementPeriodType, EntitlementStore } from '../../db/schema';
import type { EntitlementGrant } from '../entitlements/service';

/** What one RevenueCat event does to a user's entitlements, before knowing which user it is. */
export type StoreEventPlan =
  | { kind: 'ignore'; reason: string }
  | { kind: 'apply'; grants: Omit<EntitlementGrant, 'userId'>[] };

const stores: Record<string, EntitlementStore> = {
  APP_STORE: 'app_store',
  MAC_APP_STORE: 'app_store',
  PLAY_STORE: 'play_store',
  PROMOTIONAL: 'promotional',
};

const periodTypes: Record<string, EntitlementPeriodType> = {
  TRIAL: 'trial',
  INTRO: 'intro',
  PROMOTIONAL: 'promotional',
  NORMAL: 'normal',
  PREPAID: 'normal',
};

/**
 * Events whose expiration_at_ms is the product's new end: purchases and renewals extend it, an
 * uncancellation restores it, a cancellation keeps access until it (a refund's is already past),
 * and an expiration ends it.
 */
const SETS_EXPIRY = new Set([
  'INITIAL_PURCHASE',
  'RENEWAL',
  'UNCANCELLATION',
  'NON_RENEWING_PURCHASE',
  'CANCELLATION',
  'EXPIRATION',
]);

const isStoreProduct = (productId: string | null | undefined): productId is string =>
  typeof productId === 'string' && STORE_PRODUCT_IDS.includes(productId);

const at = (ms: number) => new Date(ms);

/** The ids a RevenueCat event may know our user by; anonymous ids never name an account. */
export function candidateUserIds(event: RevenueCatEvent): string[] {
  const ids = [event.app_user_id, event.original_app_user_id, ...(event.aliases ?? [])];
  return [...new Set(ids.filter((id): id is string => !!id && !id.startsWith('$RCAnonymousID:')))];
}

/**
 * What a RevenueCat event means for premium. Only the SPEC §3 store products grant it. Every
 * grant carries the event's timestamp as its observation time, so a late or repeated event never
 * overwrites what a newer one wrote.
 */
export function planStoreEvent(event: RevenueCatEvent): StoreEventPlan {
  const store = event.store ? stores[event.store] : undefined;
  if (event.type === 'TEST') return { kind: 'ignore', reason: 'test event' };
  if (event.type === 'PRODUCT_CHANGE') {
    // RevenueCat: a product change "does not mean the new subscription is in effect immediately".
    // The RENEWAL that follows names the new product when it does take effect.
    return { kind: 'ignore', reason: 'a product change takes effect with the renewal that follows' };
  }
  if (!SETS_EXPIRY.has(event.type)) {
    return { kind: 'ignore', reason: `event type ${event.type} does not change access` };
  }
  if (!store)
    return { kind: 'ignore', reason: `purchases from store ${event.store ?? 'none'} are not handled here` };
  if (!isStoreProduct(event.product_id)) {
    return { kind: 'ignore', reason: `product ${event.product_id ?? 'none'} does not grant premium` };
  }
  const observedAt = at(event.event_timestamp_ms);
  const base = {
    store,
    periodType: periodTypes[event.period_type ?? ''] ?? 'normal',
    purchasedAt: at(event.purchased_at_ms ?? event.event_timestamp_ms),
    isSandbox: event.environment === 'SANDBOX',
    sourceRef: `revenuecat:${event.original_transaction_id ?? event.transaction_id ?? event.id}`,
    observedAt,
  };
  const expiration = event.expiration_at_ms ?? null;

  if (event.type === 'CANCELLATION' && expiration === null) {
    // A refunded purchase that never lapsed (lifetime) has nothing left to run until: it ends now.
    return {
      kind: 'apply',
      grants: [{ ...base, productIdentifier: event.product_id, expiresAt: observedAt }],
    };
  }
  if (event.type === 'EXPIRATION') {
    // Access ends now at the latest, whatever the event says about the period.
    const ended = Math.min(expiration ?? event.event_timestamp_ms, event.event_timestamp_ms);
    return {
      kind: 'apply',
      grants: [{ ...base, productIdentifier: event.product_id, expiresAt: at(ended) }],
    };
  }
  return {
    kind: 'apply',
    grants: [
      {
        ...base,
        productIdentifier: event.product_id,
        expiresAt: expiration === null ? null : at(expiration),
      },
    ],
  };
}
