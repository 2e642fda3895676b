import { z } from 'zod';
import { interceptOutcomeSchema, MAX_OUTCOMES_PER_REPORT } from '../api/schemas/insights';
import { feedblockingSettingsSchema } from '../api/schemas/settings';

/**
 * The conversation between the web app and the browser extension (SPEC §7 "Browser extension
 * messages"). The web app sends these with chrome.runtime.sendMessage(extensionId, message);
 * the extension validates every request with extensionRequestSchema and always answers with an
 * ExtensionReply, never a throw.
 */
export const EXTENSION_MESSAGE_TYPES = [
  'PULSE_CHECK',
  'USER_ACCESS_TOKEN_EXCHANGE',
  'START_SESSION',
  'GET_LEGACY_DATA',
  'CLEAR_BROWSER_SITES_CACHE',
  // Stillpoint's own additions (docs/extension.md): pause outcomes the web app could not send, and
  // the end of the legacy-data import.
  'QUEUE_INTERCEPT_OUTCOMES',
  'CLEAR_LEGACY_DATA',
] as const;
export type ExtensionMessageType = (typeof EXTENSION_MESSAGE_TYPES)[number];

/** SPEC §8: what the web app reports when no extension answers. */
export const EXTENSION_MISSING_MESSAGE = 'User does not have extension';

export const startSessionMessageSchema = z.strictObject({
  type: z.literal('START_SESSION'),
  siteId: z.string().min(1),
  sessionId: z.string().min(1),
  numMs: z.number().int().positive(),
  /** Epoch seconds, like Session.timeStarted. */
  timeStarted: z.number().int().min(0),
});
export type StartSessionMessage = z.infer<typeof startSessionMessageSchema>;

/**
 * Pause outcomes the breathe page could not send (offline, a server error): the extension keeps
 * them and sends them with its next sync, under the same interceptIds, so nothing counts twice.
 */
export const queueInterceptOutcomesMessageSchema = z.strictObject({
  type: z.literal('QUEUE_INTERCEPT_OUTCOMES'),
  outcomes: z.array(interceptOutcomeSchema).min(1).max(MAX_OUTCOMES_PER_REPORT),
});
export type QueueInterceptOutcomesMessage = z.infer<typeof queueInterceptOutcomesMessageSchema>;

export const extensionRequestSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('PULSE_CHECK') }),
  z.strictObject({ type: z.literal('USER_ACCESS_TOKEN_EXCHANGE'), token: z.string().min(1) }),
  startSessionMessageSchema,
  z.strictObject({ type: z.literal('GET_LEGACY_DATA') }),
  z.strictObject({ type: z.literal('CLEAR_BROWSER_SITES_CACHE') }),
  queueInterceptOutcomesMessageSchema,
  z.strictObject({ type: z.literal('CLEAR_LEGACY_DATA') }),
]);
export type ExtensionRequest = z.infer<typeof extensionRequestSchema>;

/** Sites and feedblocking choices the extension kept from before the user had an account. */
export const legacyDataSchema = z.object({
  customSites: z.array(z.object({ siteOrigin: z.string(), budget: z.number().int() })),
  feedblockingSites: feedblockingSettingsSchema.partial(),
});
export type LegacyData = z.infer<typeof legacyDataSchema>;

export const pulseReplySchema = z.object({
  status: z.literal('success'),
  version: z.string(),
  signedIn: z.boolean(),
  /** Whose session the extension holds, so the web app can hand over a fresh one when it differs. */
  userId: z.string().nullable(),
});
export type PulseReply = z.infer<typeof pulseReplySchema>;

export const extensionErrorReplySchema = z.object({ status: z.literal('error'), error: z.string() });
export type ExtensionErrorReply = z.infer<typeof extensionErrorReplySchema>;

/** The success reply per request type; every request may instead get an ExtensionErrorReply. */
export interface ExtensionReplies {
  PULSE_CHECK: PulseReply;
  USER_ACCESS_TOKEN_EXCHANGE: { status: 'success' };
  START_SESSION: { status: 'success' };
  GET_LEGACY_DATA: { status: 'success' } & LegacyData;
  CLEAR_BROWSER_SITES_CACHE: { status: 'success' };
  /** `queued`: how many outcomes the extension now holds for its next sync. */
  QUEUE_INTERCEPT_OUTCOMES: { status: 'success'; queued: number };
  CLEAR_LEGACY_DATA: { status: 'success' };
}
export type ExtensionReply<T extends ExtensionMessageType = ExtensionMessageType> =
  | ExtensionReplies[T]
  | ExtensionErrorReply;
