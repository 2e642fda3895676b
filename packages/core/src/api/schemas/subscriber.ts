import { z } from 'zod/mini';
import { PREMIUM_ENTITLEMENT } from '../../constants/products';
import { isoDateTimeSchema } from './common';

/**
 * The subscriber as the entitlement service reports it (SPEC §3). The rules that read it
 * (`rules/subscription.ts`) take its type only, so the pages using them do not load zod.
 */

/** One entry of `subscriptions`, keyed by product id (SPEC §3). */
export const subscriberSubscriptionSchema = z.object({
  /** null for purchases that never lapse (lifetime). */
  expires_date: z.nullable(isoDateTimeSchema),
  purchase_date: isoDateTimeSchema,
  period_type: z.enum(['normal', 'trial', 'intro', 'promotional']),
  store: z.enum(['app_store', 'play_store', 'stripe', 'promotional', 'gift']),
  is_sandbox: z.boolean(),
  /**
   * RevenueCat's name: when a renewal's charge failed that the store or payment provider is still
   * retrying (a web plan past due); null or absent while payments go through. Premium stays on
   * meanwhile, until expires_date (the retry window's end).
   */
  billing_issues_detected_at: z.optional(z.nullable(isoDateTimeSchema)),
});
export type SubscriberSubscription = z.infer<typeof subscriberSubscriptionSchema>;

export const subscriberSchema = z.object({
  entitlements: z.object({
    [PREMIUM_ENTITLEMENT]: z.optional(
      z.object({
        product_identifier: z.string().check(z.minLength(1)),
        /** null for purchases that never lapse (lifetime). */
        expires_date: z.nullable(isoDateTimeSchema),
        purchase_date: isoDateTimeSchema,
      }),
    ),
  }),
  subscriptions: z.record(z.string(), subscriberSubscriptionSchema),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
