import { type AuthConfig, isValidEmail, type User } from '@stillpoint/core';
import { apiUser, type SessionUser } from '../../auth/session';
import type { ProviderInfo } from '../../auth/sign-in-methods';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { ensureProfile, updateProfile } from '../profile/service';

/** What the sign-in page needs to know: how to start Google and Apple, the bot check, the test numbers. */
export function authConfig(config: Config, providers: ProviderInfo): AuthConfig {
  return {
    google: providers.google,
    apple: providers.apple,
    captcha: config.auth.captcha
      ? { provider: config.auth.captcha.provider, siteKey: config.auth.captcha.siteKey }
      : null,
    // All of them, since testers configure several, but only where the development outbox is on
    // (never in production), and never their codes: a published code is an open account.
    testPhoneNumbers:
      config.isProduction || !config.auth.devOutbox
        ? []
        : [...config.auth.testPhoneNumbers.keys()].map((phoneNumber) => ({ phoneNumber })),
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
  const isNewUser = await ensureProfile(db, user);
  const trialEmail = input.trialEmail?.trim();
  await updateProfile(db, user.id, {
    ...(input.timezoneOffsetMinutes !== undefined
      ? { timezoneOffsetMinutes: input.timezoneOffsetMinutes }
      : {}),
    ...(trialEmail && isValidEmail(trialEmail) ? { trialEmail } : {}),
  });
  return { user: apiUser(user), isNewUser };
}
