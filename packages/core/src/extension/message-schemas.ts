import { z } from 'zod/mini';
import { interceptOutcomeSchema, MAX_OUTCOMES_PER_REPORT } from '../api/schemas/insights';
import { feedblockingSettingsSchema } from '../api/schemas/settings';

/** The schemas of the web app ⇄ extension messages (`messages.ts`), which the extension validates. */

export const startSessionMessageSchema = z.strictObject({
  type: z.literal('START_SESSION'),
  siteId: z.string().check(z.minLength(1)),
  sessionId: z.string().check(z.minLength(1)),
  numMs: z.int().check(z.positive()),
  /** Epoch seconds, like Session.timeStarted. */
  timeStarted: z.int().check(z.minimum(0)),
});
export type StartSessionMessage = z.infer<typeof startSessionMessageSchema>;

/**
 * Pause outcomes the breathe page could not send (offline, a server error): the extension keeps
 * them and sends them with its next sync, under the same interceptIds, so nothing counts twice.
 */
export const queueInterceptOutcomesMessageSchema = z.strictObject({
  type: z.literal('QUEUE_INTERCEPT_OUTCOMES'),
  outcomes: z.array(interceptOutcomeSchema).check(z.minLength(1), z.maxLength(MAX_OUTCOMES_PER_REPORT)),
});
export type QueueInterceptOutcomesMessage = z.infer<typeof queueInterceptOutcomesMessageSchema>;

/**
 * Which of the person's sites this browser has not granted the extension access to (decision
 * 045). The web app names the sites, so the answer never waits for the extension's next sync.
 */
export const getSiteAccessMessageSchema = z.strictObject({
  type: z.literal('GET_SITE_ACCESS'),
  siteOrigins: z.array(z.string().check(z.minLength(1), z.maxLength(2048))).check(z.maxLength(1000)),
});
export type GetSiteAccessMessage = z.infer<typeof getSiteAccessMessageSchema>;

export const extensionRequestSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('PULSE_CHECK') }),
  z.strictObject({ type: z.literal('USER_ACCESS_TOKEN_EXCHANGE'), token: z.string().check(z.minLength(1)) }),
  startSessionMessageSchema,
  z.strictObject({ type: z.literal('GET_LEGACY_DATA') }),
  z.strictObject({ type: z.literal('CLEAR_BROWSER_SITES_CACHE') }),
  queueInterceptOutcomesMessageSchema,
  z.strictObject({ type: z.literal('CLEAR_LEGACY_DATA') }),
  getSiteAccessMessageSchema,
  z.strictObject({ type: z.literal('OPEN_SITE_ACCESS') }),
]);
export type ExtensionRequest = z.infer<typeof extensionRequestSchema>;

/** Sites and feedblocking choices the extension kept from before the user had an account. */
export const legacyDataSchema = z.object({
  customSites: z.array(z.object({ siteOrigin: z.string(), budget: z.int() })),
  feedblockingSites: z.partial(feedblockingSettingsSchema),
});
export type LegacyData = z.infer<typeof legacyDataSchema>;

export const pulseReplySchema = z.object({
  status: z.literal('success'),
  version: z.string(),
  signedIn: z.boolean(),
  /** Whose session the extension holds, so the web app can hand over a fresh one when it differs. */
  userId: z.nullable(z.string()),
});
export type PulseReply = z.infer<typeof pulseReplySchema>;

export const extensionErrorReplySchema = z.object({ status: z.literal('error'), error: z.string() });
export type ExtensionErrorReply = z.infer<typeof extensionErrorReplySchema>;
