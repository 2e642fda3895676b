/** SPEC §1, §3 and §7 enumerations of who and what talks to the server. */

export const SIGN_IN_METHODS = ['GOOGLE', 'APPLE', 'PHONE_NUMBER'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Values of the X-App-Platform header; the web app sends WebApp. */
export const APP_PLATFORMS = ['WebApp', 'Extension', 'iOS', 'Android'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/**
 * A comma list of sign-in methods from a link (SPEC's suggestedAuthMethods), case and spaces
 * forgiven; unknown names are dropped, and an empty result means every method.
 */
export function readSignInMethods(list: string | null | undefined): SignInMethod[] {
  const named = (list ?? '').split(',').map((name) => name.trim().toUpperCase());
  return SIGN_IN_METHODS.filter((method) => named.includes(method));
}
