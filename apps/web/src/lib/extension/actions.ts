import type { InterceptOutcomeReport, LegacyData, PulseReply, StartSessionMessage } from '@stillpoint/core';
import { ExtensionMissingError, sendExtensionMessage } from './bridge';

/** PULSE_CHECK: the extension's version and signed-in state, or null when it is not installed. */
export async function pulseCheck(): Promise<PulseReply | null> {
  try {
    return await sendExtensionMessage({ type: 'PULSE_CHECK' });
  } catch {
    return null;
  }
}

export const hasExtension = async (): Promise<boolean> => (await pulseCheck()) !== null;

/** USER_ACCESS_TOKEN_EXCHANGE: hands the extension a single-use token from createCustomFirebaseToken. */
export async function handTokenToExtension(token: string): Promise<void> {
  await sendExtensionMessage({ type: 'USER_ACCESS_TOKEN_EXCHANGE', token });
}

/**
 * START_SESSION (SPEC §8): an unsuccessful status is logged and gives false; a missing extension
 * gives false as well, since the web app's own session still counts.
 */
export async function startExtensionSession(session: Omit<StartSessionMessage, 'type'>): Promise<boolean> {
  try {
    await sendExtensionMessage({ type: 'START_SESSION', ...session });
    return true;
  } catch (error) {
    if (!(error instanceof ExtensionMissingError)) console.error('START_SESSION failed', error);
    return false;
  }
}

/** GET_LEGACY_DATA: what the extension kept from before sign-in; null without an extension. */
export async function fetchLegacyData(): Promise<LegacyData | null> {
  try {
    const { customSites, feedblockingSites } = await sendExtensionMessage({ type: 'GET_LEGACY_DATA' });
    return { customSites, feedblockingSites };
  } catch {
    return null;
  }
}

/** CLEAR_BROWSER_SITES_CACHE after any site or settings change, so the extension refetches now. */
export async function clearBrowserSitesCache(): Promise<void> {
  try {
    await sendExtensionMessage({ type: 'CLEAR_BROWSER_SITES_CACHE' });
  } catch {
    // Without an extension there is no cache to clear; with one, its periodic sync catches up.
  }
}

/**
 * QUEUE_INTERCEPT_OUTCOMES: pause outcomes the server did not take, for the extension to send at
 * its next sync. False without an extension (or when it refuses them): there is no one else to ask.
 */
export async function queueInterceptOutcomes(outcomes: InterceptOutcomeReport[]): Promise<boolean> {
  try {
    await sendExtensionMessage({ type: 'QUEUE_INTERCEPT_OUTCOMES', outcomes });
    return true;
  } catch {
    return false;
  }
}

/**
 * GET_SITE_ACCESS (decision 045): which of these sites the extension may not intercept on this
 * browser until access to them is granted here. Null without an extension (or an older one that
 * does not know the message), when there is nothing to grant.
 */
export async function fetchSitesNeedingAccess(siteOrigins: string[]): Promise<string[] | null> {
  try {
    const { needsAccess } = await sendExtensionMessage({ type: 'GET_SITE_ACCESS', siteOrigins });
    return Array.isArray(needsAccess) ? needsAccess : null;
  } catch {
    return null;
  }
}

/** OPEN_SITE_ACCESS: the extension opens its page where one click asks Chrome for access. */
export async function openSiteAccess(): Promise<boolean> {
  try {
    await sendExtensionMessage({ type: 'OPEN_SITE_ACCESS' });
    return true;
  } catch {
    return false;
  }
}
