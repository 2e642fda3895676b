import { z } from 'zod/mini';
import { MAX_SESSION_LENGTH_MS } from '../../constants/limits';
import { defineEndpoint } from '../endpoint';
import { epochSecondsSchema, userDayBodySchema, userDayQuerySchema, uuidSchema } from './common';
import { budgetSchema, siteOriginSchema } from './fields';

/** A session on an intercepted site (SPEC §3): epoch-second start and a length in ms. */
export const browserSiteSessionSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  timeStarted: z.int(),
  lengthInMilliseconds: z.int(),
  userDay: z.int(),
});
export type BrowserSiteSession = z.infer<typeof browserSiteSessionSchema>;

/** A custom (browser) site as stored. */
export const browserSiteSchema = z.object({
  id: z.string(),
  siteOrigin: z.string(),
  budget: z.int(),
  active: z.boolean(),
});
export type BrowserSite = z.infer<typeof browserSiteSchema>;

/**
 * A site with the requested day's picture. `dailyBudget` is the budget in force that day
 * (today's sessions count against it); activeSessions are those not yet over.
 */
export const customSiteSchema = z.extend(browserSiteSchema, {
  dailyBudget: z.int(),
  todaysSessions: z.array(browserSiteSessionSchema),
  activeSessions: z.array(browserSiteSessionSchema),
});
export type CustomSite = z.infer<typeof customSiteSchema>;

export const sitesQuerySchema = z.object({ userDay: userDayQuerySchema });

export const addBrowserSiteBodySchema = z.strictObject({
  siteOrigin: siteOriginSchema,
  budget: budgetSchema,
});

export const archiveBrowserSiteBodySchema = z.strictObject({ siteId: uuidSchema('siteId') });

/** siteId with budget and/or active edits the site; siteId alone deletes it (SPEC §7). */
export const updateBrowserCustomSiteBodySchema = z.strictObject({
  siteId: uuidSchema('siteId'),
  budget: z.optional(budgetSchema),
  active: z.optional(z.boolean({ error: 'active must be true or false' })),
});
export type UpdateBrowserCustomSiteBody = z.infer<typeof updateBrowserCustomSiteBodySchema>;

/** Edit site changes only the budget: the site itself is fixed once added. */
export const editSiteBudgetSchema = z.required(z.pick(updateBrowserCustomSiteBodySchema, { budget: true }));

/** Whether an update body means "delete this site". */
export const isDeleteSiteUpdate = (body: UpdateBrowserCustomSiteBody): boolean =>
  body.budget === undefined && body.active === undefined;

export const updateBrowserCustomSiteResponseSchema = z.object({
  deleted: z.boolean(),
  site: z.nullable(browserSiteSchema),
});

export const startBrowserSiteSessionBodySchema = z.strictObject({
  id: uuidSchema('id'),
  siteId: uuidSchema('siteId'),
  lengthInMilliseconds: z
    .number({ error: 'lengthInMilliseconds must be a number' })
    .check(
      z.int('lengthInMilliseconds must be whole milliseconds'),
      z.positive('lengthInMilliseconds must be more than 0'),
      z.maximum(MAX_SESSION_LENGTH_MS, 'a session lasts at most 30 minutes'),
    ),
  timeStarted: epochSecondsSchema('timeStarted'),
  userDay: userDayBodySchema,
});

export const sitesEndpoints = {
  getBrowserSitesWithActiveAndTodaysSessions: defineEndpoint({
    method: 'GET',
    path: '/getBrowserSitesWithActiveAndTodaysSessions',
    summary: "The user's intercepted sites with the given day's and the still-active sessions.",
    auth: 'user',
    query: sitesQuerySchema,
    response: z.array(customSiteSchema),
  }),
  addBrowserSite: defineEndpoint({
    method: 'POST',
    path: '/addBrowserSite',
    summary: 'Intercept a new site with a daily session budget. The site text is normalised to an origin.',
    auth: 'user',
    body: addBrowserSiteBodySchema,
    response: browserSiteSchema,
  }),
  archiveBrowserSite: defineEndpoint({
    method: 'POST',
    path: '/archiveBrowserSite',
    summary: 'Stop intercepting a site, keeping its session history.',
    auth: 'user',
    body: archiveBrowserSiteBodySchema,
    response: z.object({ siteId: z.string() }),
  }),
  updateBrowserCustomSite: defineEndpoint({
    method: 'POST',
    path: '/updateBrowserCustomSite',
    summary: "Change a site's budget or active switch; with siteId alone, delete the site.",
    auth: 'user',
    body: updateBrowserCustomSiteBodySchema,
    response: updateBrowserCustomSiteResponseSchema,
  }),
  startBrowserSiteSession: defineEndpoint({
    method: 'POST',
    path: '/startBrowserSiteSession',
    summary: 'Record a timed session on an intercepted site; the client-made id makes retries safe.',
    auth: 'user',
    body: startBrowserSiteSessionBodySchema,
    response: browserSiteSessionSchema,
  }),
};
