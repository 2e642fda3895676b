import type { AuthConfig, User } from '@stillpoint/core';
import { apiUser, type SessionUser } from '../../auth/session';
import type { ProviderInfo } from '../../auth/sign-in-methods';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { ensureProfile, setTimezoneOffset } from './repo';

/** What the sign-in page needs to know: how to start Google and Apple, the bot check, the test number. */
export function authConfig(config: Config, providers: ProviderInfo): AuthConfig {
  const [testNumber] = config.auth.testPhoneNumbers;
  return {
    google: providers.google,
    apple: providers.apple,
    captcha: config.auth.captcha
      ? { provider: config.auth.captcha.provider, siteKey: config.auth.captcha.siteKey }
      : null,
    // A hint for people trying Stillpoint locally; production never advertises one.
    testPhoneNumber:
      testNumber && !config.isProduction ? { phoneNumber: testNumber[0], code: testNumber[1] } : null,
  };
}

export const getUser = (user: SessionUser): User => apiUser(user);

export interface SyncInput {
  timezoneOffsetMinutes?: number;
  trialEmail?: string;
}

/**
 * The call the web app makes after every sign-in. Better Auth owns the user row; this makes sure
 * the rest of Stillpoint's per-user state exists (the profile, named after the provider's name on
 * first sign-in) and records the browser's time zone so day numbers follow the person's day.
 * `trialEmail` is validated but not kept yet: the schema has no column for it (see docs/auth.md).
 */
export async function syncCurrentUser(
  db: Database,
  user: SessionUser,
  input: SyncInput,
): Promise<{ user: User; isNewUser: boolean }> {
  const isNewUser = await ensureProfile(db, user.id, user.name);
  if (input.timezoneOffsetMinutes !== undefined)
    await setTimezoneOffset(db, user.id, input.timezoneOffsetMinutes);
  return { user: apiUser(user), isNewUser };
}
