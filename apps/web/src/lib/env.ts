import { parseAppEnv } from '@stillpoint/core';

// A typo in the build variable stops the app loudly rather than quietly picking a configuration.
const appEnv = parseAppEnv(import.meta.env.VITE_APP_ENV, 'VITE_APP_ENV');

/** The web app's environment configuration, fixed at build time. */
export const env = {
  appEnv,
  isProduction: appEnv === 'production',
} as const;
