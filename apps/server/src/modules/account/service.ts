import { type AuthConfig, isValidEmail, type User } from '@stillpoint/core';
import { apiUser, type SessionUser } from '../../auth/session';
import type { ProviderInfo } from '../../auth/sign-in-methods';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { ensureProfile, setTimezoneOffset, setTrialEmail } from './repo';

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
 * `trialEmail` (from a trial link) is kept on the profile for feedback and restore-purchase
 * requests; a later sync without one keeps it, and text that is not an e-mail address is ignored
 * rather than failing the sign-in (it comes from a query string anyone can edit).
 */
export async function syncCurrentUser(
  db: Database,
  user: SessionUser,
  input: SyncInput,
): Promise<{ user: User; isNewUser: boolean }> {
  const isNewUser = await ensureProfile(db, user.id, user.name);
  if (input.timezoneOffsetMinutes !== undefined)
    await setTimezoneOffset(db, user.id, input.timezoneOffsetMinutes);
  const trialEmail = input.trialEmail?.trim();
  if (trialEmail && isValidEmail(trialEmail)) await setTrialEmail(db, user.id, trialEmail);
  return { user: apiUser(user), isNewUser };
}
