import type { Account } from '@stillpoint/core';
import type { Auth } from '../../auth';
import { accountFacts, sessionStartedAt } from '../../auth/privacy';
import type { SessionUser } from '../../auth/session';
import type { ProviderInfo } from '../../auth/sign-in-methods';
import { AppError } from '../../errors';
import { freshSignInUntil } from './fresh-sign-in';

export interface AccountSummaryDependencies {
  auth: Auth;
  providers: ProviderInfo;
  now?: () => Date;
}

/** The account page's summary: who is signed in, how the account signs in, and whether this sign-in is fresh. */
export async function accountSummary(
  { auth, providers, now = () => new Date() }: AccountSummaryDependencies,
  user: SessionUser,
  authorization: string | undefined,
): Promise<Account> {
  const [facts, startedAt] = await Promise.all([
    accountFacts(auth, providers, user.id),
    sessionStartedAt(auth, authorization),
  ]);
  // The session was valid a moment ago; its account deleted since then is a signed-out caller.
  if (!facts) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return {
    uid: user.id,
    phoneNumber: facts.phoneNumber,
    email: user.email,
    signInMethods: facts.signInMethods,
    createdAt: facts.createdAt.toISOString(),
    freshSignInUntil: freshSignInUntil(startedAt, now())?.toISOString() ?? null,
  };
}
