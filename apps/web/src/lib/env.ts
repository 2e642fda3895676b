import { parseAppEnv } from '@stillpoint/core';

// A typo in the build variable stops the app loudly rather than quietly picking a configuration.
const appEnv = parseAppEnv(import.meta.env.VITE_APP_ENV, 'VITE_APP_ENV');

/**
 * The TikTok pixel the funnel's ad events name (VITE_TIKTOK_PIXEL_CODE). Development and test
 * builds have a local one, so the events are stored and can be seen; the server forwards nothing
 * without TIKTOK_ACCESS_TOKEN. Other builds send no ad events until it is set.
 */
function tiktokPixelCode(): string | null {
  const configured = import.meta.env.VITE_TIKTOK_PIXEL_CODE;
  if (configured) return configured;
  return appEnv === 'development' || appEnv === 'test' ? 'STILLPOINT_LOCAL_PIXEL' : null;
}

/** The web app's environment configuration, fixed at build time. */
export const env = {
  appEnv,
  isProduction: appEnv === 'production',
  tiktokPixelCode: tiktokPixelCode(),
} as const;
