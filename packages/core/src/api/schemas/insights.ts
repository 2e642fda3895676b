import { z } from 'zod/mini';
import { MAX_SESSION_LENGTH_MS } from '../../constants';
import { STORE_RATING_SOURCES } from '../../constants/store-ratings';
import { INSIGHT_DAYS, INTERCEPT_OUTCOMES } from '../../rules/insights';
import { defineEndpoint } from '../endpoint';
import { userDayBodySchema, userDayQuerySchema, uuidSchema } from './common';

/** One report can carry the intercepts an extension queued while offline, within reason. */
export const MAX_OUTCOMES_PER_REPORT = 100;

/**
 * What happened at one pause. The client makes `interceptId` when the pause is shown and sends it
 * with every report about that pause: the first report of a pause creates it, a later decision
 * (nevermind, a session, leaving) settles it, and a report repeated as it is changes nothing.
 */
export const interceptOutcomeSchema = z
  .strictObject({
    interceptId: uuidSchema('interceptId'),
    siteId: uuidSchema('siteId'),
    outcome: z.enum(INTERCEPT_OUTCOMES, {
      error: `outcome must be one of ${INTERCEPT_OUTCOMES.join(', ')}`,
    }),
    /** Only with outcome "session": the length the person chose. */
    sessionLengthInMilliseconds: z.optional(
      z
        .number({ error: 'sessionLengthInMilliseconds must be a number' })
        .check(
          z.int('sessionLengthInMilliseconds must be whole milliseconds'),
          z.positive('sessionLengthInMilliseconds must be more than 0'),
          z.maximum(MAX_SESSION_LENGTH_MS, 'a session lasts at most 30 minutes'),
        ),
    ),
    /** Epoch milliseconds when it happened, by the client's clock. */
    occurredAt: z
      .number({ error: 'occurredAt must be a number' })
      .check(z.int('occurredAt must be whole milliseconds'), z.minimum(0, 'occurredAt must be 0 or more')),
    /** The person's local day of the pause (see rules/time userDay). */
    userDay: userDayBodySchema,
  })
  .check(
    z.superRefine((report, ctx) => {
      const hasLength = report.sessionLengthInMilliseconds !== undefined;
      if (report.outcome === 'session' && !hasLength) {
        ctx.addIssue({
          code: 'custom',
          path: ['sessionLengthInMilliseconds'],
          message: 'a session outcome needs sessionLengthInMilliseconds',
        });
      }
      if (report.outcome !== 'session' && hasLength) {
        ctx.addIssue({
          code: 'custom',
          path: ['sessionLengthInMilliseconds'],
          message: 'only a session outcome has sessionLengthInMilliseconds',
        });
      }
    }),
  );
export type InterceptOutcomeReport = z.output<typeof interceptOutcomeSchema>;

export const reportInterceptOutcomesBodySchema = z.strictObject({
  outcomes: z
    .array(interceptOutcomeSchema, { error: 'outcomes must be a list' })
    .check(
      z.minLength(1, 'outcomes cannot be empty'),
      z.maxLength(MAX_OUTCOMES_PER_REPORT, `a report holds at most ${MAX_OUTCOMES_PER_REPORT} outcomes`),
    ),
});

export const reportInterceptOutcomesResponseSchema = z.object({
  ok: z.literal(true),
  /** Reports that changed something. */
  recorded: z.int().check(z.minimum(0)),
  /** Reports already known as they are (a retry): not an error, nothing changed. */
  duplicates: z.int().check(z.minimum(0)),
});

/**
 * One day's figures. A day with nothing recorded at all is `null` in `days`, so a chart can show
 * it as empty rather than as zero.
 */
export const insightFiguresSchema = z.object({
  /** Pauses shown. */
  attempts: z.int().check(z.minimum(0)),
  /** Pauses ended with "nevermind" or by leaving. */
  turnedBack: z.int().check(z.minimum(0)),
  /** Sessions started on the site (from the pause or elsewhere). */
  sessions: z.int().check(z.minimum(0)),
  /** Minutes of those sessions used so far (a running session counts what has passed). */
  minutesUsed: z.number().check(z.minimum(0)),
});
export type InsightFigures = z.infer<typeof insightFiguresSchema>;

export const insightDaySchema = z.object({
  userDay: z.int(),
  figures: z.nullable(insightFiguresSchema),
});
export type InsightDay = z.infer<typeof insightDaySchema>;

export const siteInsightsSchema = z.object({
  siteId: z.string(),
  siteOrigin: z.string(),
  /** Oldest day first, INSIGHT_DAYS entries ending with the asked-for day. */
  days: z.array(insightDaySchema),
  total: insightFiguresSchema,
});
export type SiteInsights = z.infer<typeof siteInsightsSchema>;

export const insightsSchema = z.object({
  /** The first and last day covered (INSIGHT_DAYS days, the last being the asked-for day). */
  fromUserDay: z.int(),
  toUserDay: z.int(),
  /** All sites together, oldest day first. */
  days: z.array(insightDaySchema).check(z.length(INSIGHT_DAYS)),
  total: insightFiguresSchema,
  /** Sites with anything recorded in the range, most attempts first. */
  sites: z.array(siteInsightsSchema),
  /** Days since the person's first recorded pause, for the first-week empty state; null if none. */
  daysSinceFirstIntercept: z.nullable(z.int().check(z.minimum(0))),
});
export type Insights = z.infer<typeof insightsSchema>;

/**
 * The figures the server can back (docs/funnel.md "Figures and their sources"): every pause ever
 * recorded, counted by the server and answered only past core's minimum (else null), and the store
 * rating the operator configured (else null). Nothing in it is about one person.
 */
export const proofFiguresSchema = z.object({
  pauses: z.nullable(
    z.object({
      pauses: z.int().check(z.minimum(0)),
      turnedBack: z.int().check(z.minimum(0)),
    }),
  ),
  storeRating: z.nullable(
    z.object({
      rating: z.number().check(z.minimum(1), z.maximum(5)),
      ratings: z.int().check(z.minimum(1)),
      store: z.enum(STORE_RATING_SOURCES),
      url: z.string(),
    }),
  ),
});

export const insightsEndpoints = {
  reportInterceptOutcomes: defineEndpoint({
    method: 'POST',
    path: '/reportInterceptOutcomes',
    summary:
      "What happened at pauses: shown, nevermind, a session, or left. Idempotent by the client's interceptId; the extension sends the ones it queued offline. Stillpoint's own addition (docs/insights.md).",
    auth: 'user',
    // A full report of MAX_OUTCOMES_PER_REPORT outcomes is about 25 KB.
    bodyLimitBytes: 64 * 1024,
    body: reportInterceptOutcomesBodySchema,
    response: reportInterceptOutcomesResponseSchema,
  }),
  getInsights: defineEndpoint({
    method: 'GET',
    path: '/getInsights',
    summary:
      "The last 7 days of pauses per intercepted site and in total, ending with the given userDay. Stillpoint's own addition (docs/insights.md).",
    auth: 'user',
    query: z.object({ userDay: userDayQuerySchema }),
    response: insightsSchema,
  }),
  getProofFigures: defineEndpoint({
    method: 'GET',
    path: '/getProofFigures',
    summary:
      "The figures Stillpoint shows as facts that the server backs: all pauses and those turned back, counted at most every few minutes and only past a minimum, and the configured store rating. Public and cacheable. Stillpoint's own addition (docs/insights.md).",
    auth: 'public',
    response: proofFiguresSchema,
  }),
};
