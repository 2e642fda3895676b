import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { userDayQuerySchema } from './common';

/**
 * One day of an app's use as the phone reported it. Days come newest first, so [0] is the
 * requested userDay (zeros when nothing was reported for it). See docs/mobile-ingest.md.
 */
export const appUsageSchema = z.object({
  totalAppOpens: z.int().check(z.minimum(0)),
  totalMinutesUsed: z.number().check(z.minimum(0)),
});

/**
 * A week total from a phone build that reported weeks, not days: shown apart as the week's
 * figures, never compared with the daily budget.
 */
export const legacyWeekTotalSchema = z.extend(appUsageSchema, {
  weekStartUserDay: z.int().check(z.minimum(0)),
});
export type LegacyWeekTotal = z.infer<typeof legacyWeekTotalSchema>;

/**
 * A phone app the user limits (SPEC §3). Its name comes from the supported app it points at,
 * else its own name as the phone reported it; see appDisplayName.
 */
export const mobileAppSchema = z.object({
  id: z.string(),
  supportedAppId: z.nullable(z.string()),
  name: z.nullable(z.string()),
  budget: z.int(),
  domains: z.array(z.string()),
  /** The requested day and the six before it, newest first: [0] is today, against the budget. */
  currentWeekSessions: z.array(appUsageSchema),
  /** The week holding the requested day, when only a week total was reported for it; else null. */
  legacyWeekTotal: z.nullable(legacyWeekTotalSchema),
});
export type MobileApp = z.infer<typeof mobileAppSchema>;

/** iconURL is ready to use in an <img>: the server resolves the storage path first. */
export const supportedAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  iconURL: z.string(),
});
export type SupportedApp = z.infer<typeof supportedAppSchema>;

export const appsEndpoints = {
  fetchApps: defineEndpoint({
    method: 'GET',
    path: '/fetchApps',
    summary:
      "The user's limited phone apps with the last seven days' use, the requested day first, and any older week-only total apart.",
    auth: 'user',
    query: z.object({ userDay: userDayQuerySchema }),
    response: z.array(mobileAppSchema),
  }),
  getSupportedApps: defineEndpoint({
    method: 'GET',
    path: '/getSupportedApps',
    summary: 'Every phone app Stillpoint can recognise, with its name and icon.',
    auth: 'user',
    response: z.array(supportedAppSchema),
  }),
};
