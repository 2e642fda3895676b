import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { entityIdSchema } from './common';
import { termsVersionSchema } from './payments';
import { subscriberSchema } from './subscriber';

/**
 * What the subscription page shows (SPEC §3): texts the server words, where to manage the plan
 * (null when there is nowhere to go), and the derived flags, worked out on the server's clock. The server answers null when the
 * user has never subscribed ('You don't have an active subscription').
 */
export const subscriptionStateSchema = z.object({
  name: z.string(),
  info: z.string(),
  detailedInfo: z.nullable(z.string()),
  managementUrl: z.nullable(z.string()),
  isTrial: z.boolean(),
  daysLeft: z.int().check(z.minimum(0)),
  isExpired: z.boolean(),
  /**
   * A renewal's charge failed and the provider is retrying it while premium stays on (core's
   * isPaymentFailed): the page offers "Update your card", and managementUrl opens the card update.
   */
  isPaymentFailed: z.boolean(),
  subscriber: subscriberSchema,
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

export const subscriberResponseSchema = z.object({ subscriber: subscriberSchema });

/**
 * SPEC §7 entitlement service: GET /api/subscribers/{userId} with `Authorization: Bearer
 * <ENTITLEMENTS_API_KEY>`, for the mobile app and other back ends. Not a call of the web app, so
 * it is not in `endpoints`; the server registers and documents it from these schemas.
 */
export const entitlementServiceParamsSchema = z.object({ userId: entityIdSchema('userId') });

const epochMs = (field: string) =>
  z.number({ error: `${field} must be milliseconds since 1970` }).check(
    z.int(`${field} must be whole milliseconds`),
    // The range a JavaScript date can hold; past it `new Date` is an invalid date.
    z.minimum(0, `${field} must be milliseconds since 1970`),
    z.maximum(8.64e15, `${field} is past the last date there can be`),
  );

/**
 * One store-purchase event in RevenueCat's webhook format (api_version 1.0). Only the fields
 * fulfilment reads are checked; RevenueCat adds fields over time, so the rest pass through.
 */
export const revenueCatEventSchema = z.looseObject({
  id: z.string({ error: 'event.id is required' }).check(z.minLength(1, 'event.id is required')),
  type: z.string({ error: 'event.type is required' }).check(z.minLength(1, 'event.type is required')),
  app_user_id: z.nullish(z.string()),
  original_app_user_id: z.nullish(z.string()),
  aliases: z.nullish(z.array(z.string())),
  product_id: z.nullish(z.string()),
  new_product_id: z.nullish(z.string()),
  period_type: z.nullish(z.string()),
  purchased_at_ms: z.nullish(epochMs('purchased_at_ms')),
  expiration_at_ms: z.nullish(epochMs('expiration_at_ms')),
  event_timestamp_ms: epochMs('event_timestamp_ms'),
  environment: z.nullish(z.string()),
  store: z.nullish(z.string()),
  entitlement_ids: z.nullish(z.array(z.string())),
  transaction_id: z.nullish(z.string()),
  original_transaction_id: z.nullish(z.string()),
});
export type RevenueCatEvent = z.infer<typeof revenueCatEventSchema>;

export const revenueCatWebhookBodySchema = z.looseObject({
  api_version: z.optional(z.string()),
  event: revenueCatEventSchema,
});

/** What a webhook answers once it has taken an event: processed, or acknowledged and ignored. */
export const webhookReceiptSchema = z.object({ received: z.literal(true) });

export const subscriptionEndpoints = {
  getSubscriber: defineEndpoint({
    method: 'GET',
    path: '/getSubscriber',
    summary:
      "The signed-in user's subscriber object (SPEC §3), computed from their entitlements; empty when they have none.",
    auth: 'user',
    response: subscriberResponseSchema,
  }),
  getSubscriptionState: defineEndpoint({
    method: 'GET',
    path: '/getSubscriptionState',
    summary: "The user's plan as the subscription page shows it; null without a subscription.",
    auth: 'user',
    response: z.nullable(subscriptionStateSchema),
  }),
  startFreeTrial: defineEndpoint({
    method: 'POST',
    path: '/startFreeTrial',
    summary: 'Start the 7-day no-card trial once per user; startedTrial is false when it cannot start.',
    auth: 'user',
    // No body at all (SPEC §7) or the terms version the page showed.
    body: z.nullish(z.strictObject({ termsVersion: z.optional(termsVersionSchema) })),
    idempotent: true,
    response: z.object({ startedTrial: z.boolean() }),
  }),
};
