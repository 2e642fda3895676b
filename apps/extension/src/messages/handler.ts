import {
  brand,
  DEFAULT_ERROR_MESSAGE,
  type ExtensionErrorReply,
  type ExtensionReply,
  type ExtensionRequest,
  extensionRequestSchema,
} from '@stillpoint/core';
import { type ExtensionConfig, isAllowedWebAppOrigin } from '../config';
import type { Enforcer } from '../intercept/enforcer';
import { addLocalSession } from '../intercept/sessions';
import { sitesWithAccess } from '../intercept/site-access';
import { clearLegacyData, type LegacyDataConverter } from '../legacy-data';
import type { Platform } from '../platform/types';
import type { Store } from '../store';
import { callServer } from '../sync/api';
import type { OutcomeQueue } from '../sync/outcomes';
import type { Sync } from '../sync/sync';
import { setUninstallAddress } from '../uninstall-url';

/** The extension page where access is granted: the popup, as a tab. */
export const SITE_ACCESS_PAGE_PATH = '/popup.html';

/** The web app waits 2 s for a reply; a refetch gets most of that before the reply goes out anyway. */
export const CACHE_REFRESH_REPLY_BUDGET_MS = 1500;

/** What Chrome tells a listener about the sender of an external message. */
export interface MessageSender {
  origin?: string;
  url?: string;
}

const failure = (error: string): ExtensionErrorReply => ({ status: 'error', error });

/** The sender's origin: Chrome gives `origin` for pages; older versions only the URL. */
export function senderOrigin(sender: MessageSender): string | null {
  if (sender.origin && sender.origin !== 'null') return sender.origin;
  if (!sender.url) return null;
  try {
    return new URL(sender.url).origin;
  } catch {
    return null;
  }
}

/** A readable reason a message was refused: an unknown type, or the first bad field. */
function describeInvalid(message: unknown, issues: { path: PropertyKey[]; message: string }[]): string {
  const type =
    typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
  const known = extensionRequestSchema.def.options.some((option) =>
    option.shape.type.def.values.some((value) => value === type),
  );
  if (!known) {
    return typeof type === 'string' ? `Unknown message type "${type}".` : 'A message needs a type.';
  }
  const issue = issues[0];
  const field = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return `Malformed ${String(type)} message: ${field}${issue?.message ?? 'invalid'}.`;
}

export interface MessageDeps {
  platform: Platform;
  store: Store;
  sync: Sync;
  enforcer: Enforcer;
  config: ExtensionConfig;
  outcomes: OutcomeQueue;
  convertLegacyData: LegacyDataConverter;
}

/**
 * Answers the web app's messages (SPEC §7 "Browser extension messages"). Every sender's origin is
 * checked against this build's web app origins, every message against core's schema, and every
 * path ends in a reply: `{ status: 'success', ... }` or `{ status: 'error', error }`, never a throw.
 */
export function createMessageHandler(deps: MessageDeps) {
  const { platform, store, sync, enforcer, config, outcomes, convertLegacyData } = deps;

  async function handle(request: ExtensionRequest, origin: string): Promise<ExtensionReply> {
    switch (request.type) {
      case 'PULSE_CHECK': {
        const auth = await store.getAuth();
        return {
          status: 'success',
          version: platform.version,
          signedIn: auth !== null,
          userId: auth?.userId ?? null,
        };
      }
      case 'USER_ACCESS_TOKEN_EXCHANGE': {
        const { sessionToken, user } = await callServer(platform.fetch, 'exchangeExtensionToken', {
          origin,
          body: { token: request.token },
        });
        const previous = await store.getAuth();
        if (previous && previous.userId !== user.uid) {
          // Another person's sites and sessions must not outlive their session here.
          await store.setSites(null);
          await store.setLocalSessions([]);
        }
        await store.setAuth({ token: sessionToken, origin, userId: user.uid });
        // The uninstall page opens at the web app the person signed in from.
        await setUninstallAddress(platform, store, origin);
        // The new session's sites load in the background; the reply does not wait for them.
        void sync.refresh().catch((error: unknown) => platform.warn('Sync after sign-in failed.', error));
        return { status: 'success' };
      }
      case 'START_SESSION': {
        const sessions = await store.getLocalSessions();
        await store.setLocalSessions(
          addLocalSession(sessions, {
            siteId: request.siteId,
            sessionId: request.sessionId,
            timeStarted: request.timeStarted,
            lengthInMilliseconds: request.numMs,
          }),
        );
        // The rule for the site is gone before the reply, so the page can go straight to the site.
        const enforced = await enforcer.apply();
        if (!enforced) return failure(`${brand.name} could not open the site. Please try again.`);
        const known = (await store.getSites())?.sites.some((site) => site.id === request.siteId);
        if (!known) void sync.refresh().catch(() => undefined);
        return { status: 'success' };
      }
      case 'GET_LEGACY_DATA': {
        // A message can wake the worker before its start-up conversion has finished.
        await convertLegacyData();
        const legacy = await store.getLegacy();
        return { status: 'success', ...legacy };
      }
      case 'CLEAR_LEGACY_DATA': {
        await clearLegacyData(store);
        return { status: 'success' };
      }
      case 'QUEUE_INTERCEPT_OUTCOMES': {
        // Queued outcomes are sent with the session of the person they were queued for, so without
        // one there is nobody to keep them for.
        const auth = await store.getAuth();
        if (!auth) return failure('The extension is not signed in.');
        return { status: 'success', queued: await outcomes.add(auth.userId, request.outcomes) };
      }
      case 'GET_SITE_ACCESS': {
        const sites = request.siteOrigins.map((siteOrigin) => ({ id: siteOrigin, siteOrigin }));
        const granted = await sitesWithAccess(platform.permissions, sites);
        return {
          status: 'success',
          needsAccess: request.siteOrigins.filter((origin) => !granted.has(origin)),
        };
      }
      case 'OPEN_SITE_ACCESS': {
        // A web page cannot ask Chrome for the extension's permissions, nor open its pages:
        // the popup, opened as a tab, has the one "Grant access" button.
        await platform.tabs.create({ url: platform.pageUrl(SITE_ACCESS_PAGE_PATH) });
        return { status: 'success' };
      }
      case 'CLEAR_BROWSER_SITES_CACHE': {
        const outcome = await Promise.race([
          sync.refresh(),
          new Promise<'pending'>((resolve) =>
            platform.setTimer(() => resolve('pending'), CACHE_REFRESH_REPLY_BUDGET_MS),
          ),
        ]);
        if (outcome === 'signed-out') return failure('The extension is not signed in.');
        if (outcome === 'offline')
          return failure(`${brand.name} could not be reached; the last known sites stay in force.`);
        return { status: 'success' };
      }
    }
  }

  return async function handleExternal(message: unknown, sender: MessageSender): Promise<ExtensionReply> {
    try {
      const origin = senderOrigin(sender);
      if (!origin || !isAllowedWebAppOrigin(config, origin)) {
        return failure(`This page may not talk to the ${brand.name} extension.`);
      }
      const parsed = extensionRequestSchema.safeParse(message);
      if (!parsed.success) return failure(describeInvalid(message, parsed.error.issues));
      return await handle(parsed.data, origin);
    } catch (error) {
      platform.warn('A message from the web app failed.', error);
      return failure(error instanceof Error && error.message ? error.message : DEFAULT_ERROR_MESSAGE);
    }
  };
}
export type ExternalMessageHandler = ReturnType<typeof createMessageHandler>;
