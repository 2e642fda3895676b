import { oauthPopupClient, phoneNumberClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

const TOKEN_KEY = 'stillpoint.sessionToken';

/** The session token the API and the extension hand-off use (SPEC §7: Authorization Bearer). */
export const sessionToken = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/**
 * Better Auth's client, mounted at /api/auth. Every auth response that opens a session carries a
 * `set-auth-token` header (bearer plugin); keeping it here makes every later call a bearer call.
 */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  plugins: [phoneNumberClient(), oauthPopupClient()],
  fetchOptions: {
    auth: { type: 'Bearer', token: () => sessionToken.get() ?? '' },
    onSuccess: ({ response }) => {
      const token = response.headers.get('set-auth-token');
      if (token) sessionToken.set(token);
    },
  },
});
