import { oauthPopupClient, phoneNumberClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { sessionSignal } from './auth/session-signal';
import { sessionToken } from './session-token';

export { sessionToken };

/**
 * Better Auth's client, mounted at /api/auth. Every auth response that opens a session carries a
 * `set-auth-token` header (bearer plugin); keeping it here makes every later call a bearer call.
 */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  plugins: [phoneNumberClient(), oauthPopupClient()],
  fetchOptions: {
    auth: { type: 'Bearer', token: () => sessionToken.get() ?? '' },
    // Looked up on each call rather than captured once, so a test can stub fetch at the boundary.
    customFetchImpl: (input, init) => fetch(input, init),
    onSuccess: ({ response }) => sessionToken.takeFrom(response),
  },
});

// `listen` (unlike `subscribe`) does not fire for the current value, only for changes.
authClient.$store.atoms.$sessionSignal?.listen(() => sessionSignal.raise());
