/**
 * A Google or Apple sign-in that left this tab by redirect: it comes back with only a session
 * cookie, which the page cannot see, so this mark is what tells it a session may be on its way.
 */
export const OAUTH_RETURN_KEY = 'stillpoint.oauthReturn';

export const oauthReturn = {
  /** Set just before the browser leaves for the provider. */
  expect: () => sessionStorage.setItem(OAUTH_RETURN_KEY, '1'),
  pending: (): boolean => sessionStorage.getItem(OAUTH_RETURN_KEY) !== null,
  /** Cleared once the server has answered who is signed in, whatever the answer. */
  settle: () => sessionStorage.removeItem(OAUTH_RETURN_KEY),
};
