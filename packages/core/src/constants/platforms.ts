/** SPEC §1, §3 and §7 enumerations of who and what talks to the server. */

export const SIGN_IN_METHODS = ['GOOGLE', 'APPLE', 'PHONE_NUMBER'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Values of the X-App-Platform header; the web app sends WebApp. */
export const APP_PLATFORMS = ['WebApp', 'Extension', 'iOS', 'Android'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];
