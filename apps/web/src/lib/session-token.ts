export const SESSION_TOKEN_KEY = 'stillpoint.sessionToken';
/** Where the oauth-popup plugin keeps a token when the app runs embedded; cleared with ours. */
const POPUP_TOKEN_KEY = 'better-auth.popup_token';

/**
 * The session token the API and the extension hand-off use (SPEC §7: Authorization Bearer). Kept
 * apart from authClient so the app shell reads it without loading Better Auth's client.
 */
export const sessionToken = {
  get: (): string | null => localStorage.getItem(SESSION_TOKEN_KEY),
  set: (token: string) => localStorage.setItem(SESSION_TOKEN_KEY, token),
  clear: () => {
    localStorage.removeItem(SESSION_TOKEN_KEY);
    localStorage.removeItem(POPUP_TOKEN_KEY);
  },
  /**
   * Keeps the token an auth response hands over in `set-auth-token` (the bearer plugin): every
   * response that opens a session carries one, and so does the session check that first finds a
   * Google or Apple sign-in's cookie session.
   */
  takeFrom: (response: Response) => {
    const token = response.headers.get('set-auth-token');
    if (token) localStorage.setItem(SESSION_TOKEN_KEY, token);
  },
};
