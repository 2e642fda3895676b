import type { SignInMethod } from '@stillpoint/core';
import type { Auth } from './index';
import type { SessionUser } from './session';
import type { ProviderInfo } from './sign-in-methods';

/**
 * The SPEC sign-in method a person uses, for the mobile app to suggest (deep links): their phone
 * number if they have one; else the Google or Apple account they signed in with last (Better Auth
 * refreshes an account's tokens, and so its updatedAt, at each sign-in); PHONE_NUMBER when neither
 * is known. Better Auth owns the account table, so it is read through its adapter here.
 */
export async function lastSignInMethod(
  auth: Auth,
  providers: ProviderInfo,
  user: SessionUser,
): Promise<SignInMethod> {
  if (user.phoneNumber) return 'PHONE_NUMBER';
  // The provider ids are Google's and Apple's own, or the development stand-ins' (dev-google, dev-apple).
  const methodOf = new Map<string, SignInMethod>([
    [providers.google.id, 'GOOGLE'],
    [providers.apple.id, 'APPLE'],
  ]);
  const context = await auth.$context;
  const accounts = await context.internalAdapter.findAccounts(user.id);
  const latest = accounts
    .filter((account) => methodOf.has(account.providerId))
    .sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime())[0];
  return (latest && methodOf.get(latest.providerId)) ?? 'PHONE_NUMBER';
}
