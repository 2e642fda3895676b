import type { ExtensionErrorReply, LegacyData, PulseReply } from './message-schemas';

/**
 * The conversation between the web app and the browser extension (SPEC §7 "Browser extension
 * messages"). The web app sends these with chrome.runtime.sendMessage(extensionId, message);
 * the extension validates every request with extensionRequestSchema (`message-schemas.ts`) and
 * always answers with an ExtensionReply, never a throw. The web app only sends them and reads the
 * replies' types, so this file holds no schema: the pages that talk to the extension do not load
 * zod.
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
  // Host access per site (decision 045): which sites this browser has not granted yet, and the
  // extension page where one click asks Chrome for them.
  'GET_SITE_ACCESS',
  'OPEN_SITE_ACCESS',
] as const;
export type ExtensionMessageType = (typeof EXTENSION_MESSAGE_TYPES)[number];

/** SPEC §8: what the web app reports when no extension answers. */
export const EXTENSION_MISSING_MESSAGE = 'User does not have extension';

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
  /**
   * Of the site origins asked about, those the extension may not intercept on this browser until
   * access to them is granted here, in the order asked.
   */
  GET_SITE_ACCESS: { status: 'success'; needsAccess: string[] };
  /** The extension opened its page for granting access in a new tab. */
  OPEN_SITE_ACCESS: { status: 'success' };
}

export type ExtensionReply<T extends ExtensionMessageType = ExtensionMessageType> =
  | ExtensionReplies[T]
  | ExtensionErrorReply;
