import type { AuthConfig } from '@stillpoint/core';
import { oauthReturn } from '../../../lib/auth/oauth-return';
import { loadAuthClient } from '../../../lib/auth/session';
import { sessionToken } from '../../../lib/session-token';
import { listenForPopupResult, type PopupMessage } from './popup-relay';

export type ProviderInfo = AuthConfig['google'];

export type OAuthMode = 'popup' | 'redirect';

export type OAuthOutcome =
  | { status: 'signedIn' }
  /** The browser is leaving for the provider; the sign-in finishes on `callbackPath`. */
  | { status: 'redirecting' }
  | { status: 'failed'; error: unknown };

/** Better Auth appends `error` to the error path; an old one must not survive into a new attempt. */
export function withoutOAuthError(path: string): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.delete('error');
  url.searchParams.delete('error_description');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Runs a Google or Apple sign-in against Better Auth, in a popup or by redirecting this page.
 *
 * How the session reaches the web app as a bearer token (SPEC §7): the flow ends at Better Auth's
 * callback, which sets the session cookie. The server's session-token handoff then answers the
 * next GET /api/auth/get-session that finds that cookie session with `set-auth-token`, which
 * authClient stores like the token of any other sign-in.
 * - popup: `signIn.popup` itself calls get-session once the popup reports success;
 * - redirect: the browser comes back to `callbackPath`, where the app's first get-session (the
 *   auth provider's session query) picks the token up.
 */
export async function startOAuthSignIn(
  provider: ProviderInfo,
  mode: OAuthMode,
  callbackPath: string,
): Promise<OAuthOutcome> {
  const callbackURL = withoutOAuthError(callbackPath);
  // A leftover token would be sent as the bearer and shadow the new cookie session.
  sessionToken.clear();
  try {
    // Loaded on first use so the sign-in page draws without it. The session check that runs
    // before the buttons show has loaded it already, so this resolves at once, inside the click's
    // user activation that the popup needs.
    const authClient = await loadAuthClient();
    if (mode === 'popup') {
      const target = provider.kind === 'social' ? { provider: provider.id } : { providerId: provider.id };
      const relay = listenForPopupResult();
      try {
        const { error } = await authClient.signIn.popup({
          ...target,
          callbackURL,
          errorCallbackURL: callbackURL,
        });
        if (!error) return { status: 'signedIn' };
        if (error.code === 'POPUP_CLOSED') return await closedOutcome(await relay.settled(), error);
        // A blocked popup is no failure: the same sign-in continues in this window.
        if (error.code !== 'POPUP_BLOCKED') return { status: 'failed', error };
      } finally {
        relay.stop();
      }
    }
    // Marked before leaving, so the page it comes back to waits for the session it brings.
    oauthReturn.expect();
    const { error } = await authClient.signIn.social({
      provider: provider.id,
      callbackURL,
      errorCallbackURL: callbackURL,
    });
    // On success Better Auth's client has already sent the browser to the provider.
    if (error) {
      oauthReturn.settle();
      return { status: 'failed', error };
    }
    return { status: 'redirecting' };
  } catch (error) {
    oauthReturn.settle();
    return { status: 'failed', error };
  }
}

/**
 * "Closed" may hide the popup's real outcome (see popupRelay.ts): a cancel or an error it
 * reported, or a finished sign-in whose callback has set the session cookie. Asking for the
 * session settles the last case and hands its token over, as after any popup sign-in.
 */
async function closedOutcome(message: PopupMessage | null, closed: unknown): Promise<OAuthOutcome> {
  if (message?.error) return { status: 'failed', error: message.error };
  try {
    const { data } = await (await loadAuthClient()).getSession();
    if (data && sessionToken.get()) return { status: 'signedIn' };
  } catch {
    // Unreachable server: report what the person saw, the window closing.
  }
  return { status: 'failed', error: closed };
}
