import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { trackingPaths } from '../tracking-paths';
import { acknowledgedSchema } from './common';

const label = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .check(z.trim(), z.minLength(1, `${field} is required`), z.maxLength(max, `${field} is too long`));

/**
 * Bounds on an event's properties. They are stored and forwarded as given, from callers who need
 * no session, so one event stays a handful of short labels: flat (a value is never an object or a
 * list), with a bounded number of names and bounded text.
 */
export const TRACKING_PROPERTIES_MAX_KEYS = 50;
export const TRACKING_PROPERTY_NAME_MAX_LENGTH = 100;
export const TRACKING_PROPERTY_TEXT_MAX_LENGTH = 1000;

const trackingValueSchema = z.union(
  [z.string(), z.number(), z.boolean(), z.null()],
  'properties values must be text, numbers or booleans',
);

/** Event properties: flat JSON values within the bounds above. */
const boundedTrackingProperties = (error?: string) =>
  z
    .record(
      z
        .string()
        .check(
          z.maxLength(
            TRACKING_PROPERTY_NAME_MAX_LENGTH,
            `property names can be at most ${TRACKING_PROPERTY_NAME_MAX_LENGTH} characters`,
          ),
        ),
      trackingValueSchema,
      error ? { error } : undefined,
    )
    .check(
      z.superRefine((properties, ctx) => {
        const names = Object.keys(properties);
        if (names.length > TRACKING_PROPERTIES_MAX_KEYS) {
          ctx.addIssue({
            code: 'custom',
            message: `properties can have at most ${TRACKING_PROPERTIES_MAX_KEYS} names`,
          });
        }
        for (const name of names) {
          const value = properties[name];
          if (typeof value === 'string' && value.length > TRACKING_PROPERTY_TEXT_MAX_LENGTH) {
            ctx.addIssue({
              code: 'custom',
              path: [name],
              message: `property values can be at most ${TRACKING_PROPERTY_TEXT_MAX_LENGTH} characters`,
            });
          }
        }
      }),
    );
export const trackingPropertiesSchema = boundedTrackingProperties();

/** NUL cannot be stored, and other control characters have no place in an event. */
const hasControl = (text: string) => /\p{Cc}/u.test(text);

const propertiesWithoutControl = (properties: Record<string, unknown>) =>
  Object.entries(properties).every(
    ([key, value]) => !hasControl(key) && !(typeof value === 'string' && hasControl(value)),
  );

/** A label that is one plain line of text. */
const plainLabel = (field: string, max: number) =>
  label(field, max).check(
    z.refine((text) => !hasControl(text), `${field} cannot contain control characters`),
  );

/** The length of text in UTF-8 bytes (core has no TextEncoder in every program's types). */
const utf8Length = (text: string) =>
  [...text].reduce((bytes, char) => {
    const code = char.codePointAt(0) ?? 0;
    return bytes + (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);
  }, 0);

/** How much JSON an ad event's properties may take, in bytes (UTF-8). */
export const AD_EVENT_PROPERTIES_MAX_BYTES = 4096;
/** 2020-01-01 and 2100-01-01 in epoch seconds: anything outside is a mistake, often milliseconds. */
const EARLIEST_EVENT_TIME = 1_577_836_800;
const LATEST_EVENT_TIME = 4_102_444_800;

export const trackTikTokEventBodySchema = z.strictObject({
  event: plainLabel('event', 100),
  eventId: plainLabel('eventId', 200),
  properties: boundedTrackingProperties(
    'properties must be an object of text, numbers or booleans (use {} for none)',
  ).check(
    z.refine(propertiesWithoutControl, 'properties cannot contain control characters'),
    z.refine(
      (properties) => utf8Length(JSON.stringify(properties)) <= AD_EVENT_PROPERTIES_MAX_BYTES,
      `properties can be at most ${AD_EVENT_PROPERTIES_MAX_BYTES / 1024} KB of JSON`,
    ),
  ),
  eventTime: z
    .number({ error: 'eventTime must be a number' })
    .check(
      z.int('eventTime must be whole seconds'),
      z.minimum(EARLIEST_EVENT_TIME, 'eventTime must be epoch seconds after 2020'),
      z.maximum(LATEST_EVENT_TIME, 'eventTime must be epoch seconds (not milliseconds)'),
    ),
  pixelCode: label('pixelCode', 100).check(
    z.regex(/^[A-Za-z0-9_-]+$/, 'pixelCode must be letters, digits, _ or - (the TikTok pixel id)'),
  ),
});
export type TrackTikTokEventBody = z.input<typeof trackTikTokEventBodySchema>;

/**
 * One product analytics event from a client. `name` is free text so that new events need no
 * server release; the SPEC §7 names live in ANALYTICS_EVENTS.
 */
export const trackAnalyticsEventBodySchema = z.strictObject({
  name: plainLabel('name', 100),
  properties: z._default(
    trackingPropertiesSchema.check(
      z.refine(propertiesWithoutControl, 'properties cannot contain control characters'),
    ),
    {},
  ),
  /** Epoch milliseconds on the client; the server records its own receive time as well. */
  occurredAt: z.optional(z.number({ error: 'occurredAt must be a number' }).check(z.int(), z.minimum(0))),
});
export type TrackAnalyticsEventBody = z.input<typeof trackAnalyticsEventBodySchema>;

export const analyticsEndpoints = {
  trackAnalyticsEvent: defineEndpoint({
    method: 'POST',
    path: trackingPaths.trackAnalyticsEvent,
    summary:
      'The analytics proxy (SPEC §7): stores a product event, tied to the user when a session token is sent, and forwards it when forwarding is configured.',
    auth: 'public',
    body: trackAnalyticsEventBodySchema,
    response: acknowledgedSchema,
  }),
  trackTikTokEvent: defineEndpoint({
    method: 'POST',
    path: trackingPaths.trackTikTokEvent,
    summary:
      "Stores a funnel conversion event once per eventId, tied to the user when a session token is sent, and forwards it to TikTok's Events API when configured.",
    auth: 'public',
    body: trackTikTokEventBodySchema,
    response: acknowledgedSchema,
  }),
};
