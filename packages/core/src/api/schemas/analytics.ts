import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { acknowledgedSchema, epochSecondsSchema } from './common';

const label = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`);

/** Event properties stay flat JSON values: they are forwarded, never interpreted. */
export const trackingPropertiesSchema = z.record(
  z.string(),
  z.union(
    [z.string(), z.number(), z.boolean(), z.null()],
    'properties values must be text, numbers or booleans',
  ),
);

export const trackTikTokEventBodySchema = z.strictObject({
  event: label('event', 100),
  eventId: label('eventId', 200),
  properties: trackingPropertiesSchema,
  eventTime: epochSecondsSchema('eventTime'),
  pixelCode: label('pixelCode', 100),
});

/**
 * One product analytics event from a client. `name` is free text so that new events need no
 * server release; the SPEC §7 names live in ANALYTICS_EVENTS.
 */
export const trackAnalyticsEventBodySchema = z.strictObject({
  name: label('name', 100),
  properties: trackingPropertiesSchema.default({}),
  /** Epoch milliseconds on the client; the server records its own receive time as well. */
  occurredAt: z.number({ error: 'occurredAt must be a number' }).int().min(0).optional(),
});
export type TrackAnalyticsEventBody = z.input<typeof trackAnalyticsEventBodySchema>;

export const analyticsEndpoints = {
  trackAnalyticsEvent: defineEndpoint({
    method: 'POST',
    path: '/trackAnalyticsEvent',
    summary:
      'The analytics proxy (SPEC §7): stores a product event, tied to the user when a session token is sent, and forwards it when forwarding is configured.',
    auth: 'public',
    body: trackAnalyticsEventBodySchema,
    response: acknowledgedSchema,
  }),
  trackTikTokEvent: defineEndpoint({
    method: 'POST',
    path: '/trackTikTokEvent',
    summary: 'Forward a funnel conversion event to the ad platform from the server.',
    auth: 'public',
    body: trackTikTokEventBodySchema,
    response: acknowledgedSchema,
  }),
};
