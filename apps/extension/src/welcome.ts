import { ONBOARDING_PATH } from '@stillpoint/core';
import type { ExtensionConfig } from './config';
import type { Platform } from './platform/types';
import type { Store } from './store';

/**
 * The page a new install opens: the web app's onboarding, on the web app the extension is signed
 * in from, else the one it was built for. Onboarding is a signed-in page, so the web app sends a
 * signed-out visitor to sign-in first and back to onboarding after it (its guard remembers the
 * path); onboarding itself skips ahead for someone already set up.
 */
export async function openWelcome(platform: Platform, store: Store, config: ExtensionConfig): Promise<void> {
  const origin = (await store.getAuth())?.origin ?? config.defaultOrigin;
  await platform.tabs.create({ url: `${origin}${ONBOARDING_PATH}` });
}
