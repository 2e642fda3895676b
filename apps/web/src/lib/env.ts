import { type AppEnv, appEnvs } from '@stillpoint/core';

const isAppEnv = (value: string): value is AppEnv => (appEnvs as readonly string[]).includes(value);

/** Reads VITE_APP_ENV; a typo in a build variable should stop the app loudly, not pick a config. */
export function parseAppEnv(value: string | undefined): AppEnv {
  if (value === undefined || value === '') return 'development';
  if (isAppEnv(value)) return value;
  throw new Error(`VITE_APP_ENV must be one of ${appEnvs.join(', ')}; got "${value}".`);
}

const appEnv = parseAppEnv(import.meta.env.VITE_APP_ENV);

/** The web app's environment configuration, fixed at build time. */
export const env = {
  appEnv,
  isProduction: appEnv === 'production',
} as const;
