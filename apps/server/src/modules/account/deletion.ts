import type { DeleteAccountResponse } from '@stillpoint/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../../auth';
import { deleteUser, sessionStartedAt } from '../../auth/privacy';
import type { SessionUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../integrations/payments';
import { eraseUser as eraseAdEvents } from '../ad-events/privacy';
import { eraseUser as eraseAgreements } from '../agreements/privacy';
import { eraseUser as eraseAnalytics } from '../analytics/privacy';
import { eraseUser as eraseDeepLinks } from '../deep-links/privacy';
import { entitlementsInForce } from '../entitlements/service';
import { eraseUser as eraseFeedback } from '../feedback/privacy';
import { eraseUser as eraseGifts } from '../gifts/privacy';
import { eraseUser as eraseIdempotencyKeys } from '../idempotency/privacy';
import { eraseUser as eraseNewsletter } from '../newsletter/privacy';
import { cancelAtProvider } from '../payments/privacy';
import { eraseUser as eraseReferrals } from '../referrals/privacy';
import { emailsOf } from './data-export';
import { freshSignInUntil } from './fresh-sign-in';

export interface AccountDeletionDependencies {
  db: Database;
  auth: Auth;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export const NOT_FRESH_MESSAGE = 'Sign in again to delete your account.';
export const PROVIDER_FAILED_MESSAGE =
  'We could not cancel your subscription with the payment provider, so nothing was deleted. Please try again in a moment.';

/** The store whose subscription still grants premium: only the person can cancel it there. */
async function storeToCancelIn(
  db: Database,
  userId: string,
  now: Date,
): Promise<DeleteAccountResponse['subscription']['cancelInStore']> {
  const stores = (await entitlementsInForce(db, userId, now)).map((entitlement) => entitlement.store);
  if (stores.includes('app_store')) return 'app_store';
  if (stores.includes('play_store')) return 'play_store';
  return null;
}

/**
 * Deletes the signed-in account for good (docs/privacy.md, "Deleting an account"):
 *
 * 1. only from a fresh sign-in (403 otherwise), so a borrowed device or an old token cannot;
 * 2. the web subscription is cancelled at the provider first, without a refund; if the provider
 *    fails, nothing is deleted (503) and the person can try again;
 * 3. then, in one transaction, every module erases what it holds (data-map.ts): rows the law or
 *    other people need stay without the link to the person, the rest goes with the user row, which
 *    takes every session and extension token along, so each of them is refused from the commit on.
 *
 * Running it again is harmless: a cancelled subscription is left as it is, and the erasers find
 * nothing. A store subscription cannot be cancelled by us: the answer says in which store to.
 */
export async function deleteAccount(
  { db, auth, provider, log, now = () => new Date() }: AccountDeletionDependencies,
  user: SessionUser,
  authorization: string | undefined,
): Promise<DeleteAccountResponse> {
  const at = now();
  if (!freshSignInUntil(await sessionStartedAt(auth, authorization), at)) {
    throw new AppError('FORBIDDEN', NOT_FRESH_MESSAGE);
  }
  return eraseAccount({ db, provider, log }, user, at);
}

/**
 * Steps 2 and 3 of deleteAccount, for a deletion already allowed: the person's own from a fresh
 * sign-in, or the support team's (modules/admin), which is audit-logged before it runs.
 */
export async function eraseAccount(
  { db, provider, log }: Pick<AccountDeletionDependencies, 'db' | 'provider' | 'log'>,
  user: Pick<SessionUser, 'id' | 'email' | 'phoneNumber'>,
  at: Date,
): Promise<DeleteAccountResponse> {
  const cancelInStore = await storeToCancelIn(db, user.id, at);
  let cancelled = 0;
  try {
    ({ cancelled } = await cancelAtProvider(db, provider, user.id));
  } catch (error) {
    log.error(
      { err: error, userId: user.id },
      'account deletion: the provider could not cancel; nothing deleted',
    );
    throw new AppError('UNAVAILABLE', PROVIDER_FAILED_MESSAGE);
  }
  const emails = await emailsOf(db, user);
  await db.transaction(async (tx) => {
    await eraseAgreements(tx, user.id, emails);
    await eraseGifts(tx, user.id, emails);
    await eraseFeedback(tx, { userId: user.id, phoneNumber: user.phoneNumber, emails });
    await eraseNewsletter(tx, emails);
    await eraseAnalytics(tx, user.id);
    await eraseAdEvents(tx, user.id);
    await eraseReferrals(tx, user.id);
    await eraseDeepLinks(tx, user.id);
    await eraseIdempotencyKeys(tx, user.id);
    await deleteUser(tx, user.id, user.phoneNumber);
  });
  log.info({ userId: user.id, cancelledSubscriptions: cancelled }, 'account deleted');
  return { deleted: true, subscription: { cancelled: cancelled > 0, refunded: false, cancelInStore } };
}
