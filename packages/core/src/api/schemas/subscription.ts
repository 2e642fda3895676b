import { z } from 'zod';
import { subscriberSchema } from '../../rules/subscription';
import { defineEndpoint } from '../endpoint';

/**
 * What the subscription page shows (SPEC §3): texts the server words, where to manage the plan
 * (null when there is nowhere to go), and the derived flags. The server answers null when the
 * user has never subscribed ('You don't have an active subscription').
 */
export const subscriptionStateSchema = z.object({
  name: z.string(),
  info: z.string(),
  detailedInfo: z.string().nullable(),
  managementUrl: z.string().nullable(),
  isTrial: z.boolean(),
  daysLeft: z.number().int().min(0),
  isExpired: z.boolean(),
  subscriber: subscriberSchema,
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

export const subscriptionEndpoints = {
  getSubscriptionState: defineEndpoint({
    method: 'GET',
    path: '/getSubscriptionState',
    summary: "The user's plan as the subscription page shows it; null without a subscription.",
    auth: 'user',
    response: subscriptionStateSchema.nullable(),
  }),
  startFreeTrial: defineEndpoint({
    method: 'POST',
    path: '/startFreeTrial',
    summary: 'Start the 7-day no-card trial once per user; startedTrial is false when it cannot start.',
    auth: 'user',
    response: z.object({ startedTrial: z.boolean() }),
  }),
};
