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

export const analyticsEndpoints = {
  trackTikTokEvent: defineEndpoint({
    method: 'POST',
    path: '/trackTikTokEvent',
    summary: 'Forward a funnel conversion event to the ad platform from the server.',
    auth: 'public',
    body: trackTikTokEventBodySchema,
    response: acknowledgedSchema,
  }),
};
