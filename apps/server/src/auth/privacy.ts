import { SIGN_IN_METHODS, type SignInMethod } from '@stillpoint/core';
import { isAPIError } from 'better-auth/api';
import { asc, eq, getTableName, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { account, otpSendLog, session, user, verification } from '../db/schema';
import type { Auth } from './index';
import { OTP_IDENTIFIER_PREFIX } from './otp';
import { JUST_USED_IDENTIFIER_PREFIX } from './otp-attempts';
import type { ProviderInfo } from './sign-in-methods';
import { realEmail } from './temp-email';

// The account page, account deletion and the data export (docs/privacy.md) for the tables Better
// Auth keeps: `user`, `session`, `account`, `verification`, and the phone codes' send log.

/** When the session behind `Authorization: Bearer <token>` was made, i.e. when that sign-in happened. */
export async function sessionStartedAt(auth: Auth, authorization: string | undefined): Promise<Date | null> {
  if (!authorization) return null;
  try {
    const result = await auth.api.getSession({ headers: new Headers({ authorization }) });
    return result ? new Date(result.session.createdAt) : null;
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) return null;
    throw error;
  }
}

/** The account as the account page shows it: when it was made, and every way it signs in. */
export async function accountFacts(
  auth: Auth,
  providers: ProviderInfo,
  userId: string,
): Promise<{ createdAt: Date; phoneNumber: string | null; signInMethods: SignInMethod[] } | null> {
  const context = await auth.$context;
  const found = await context.internalAdapter.findUserById(userId);
  if (!found) return null;
  const phoneNumber = (found as { phoneNumber?: string | null }).phoneNumber ?? null;
  // The provider ids are Google's and Apple's own, or the development stand-ins' (dev-google, dev-apple).
  const methodOf = new Map<string, SignInMethod>([
    [providers.google.id, 'GOOGLE'],
    [providers.apple.id, 'APPLE'],
  ]);
  const methods = new Set<SignInMethod>(phoneNumber ? ['PHONE_NUMBER'] : []);
  for (const linked of await context.internalAdapter.findAccounts(userId)) {
    const method = methodOf.get(linked.providerId);
    if (method) methods.add(method);
  }
  return {
    createdAt: new Date(found.createdAt),
    phoneNumber,
    signInMethods: SIGN_IN_METHODS.filter((method) => methods.has(method)),
  };
}

/**
 * Account deletion, last step, inside the caller's transaction: the codes and send log of the
 * account's number (keyed by number, not by account), then the user row, which takes its sessions,
 * sign-in methods and extension hand-off tokens with it (the foreign keys cascade). Every token of
 * the account is refused from the commit on: the session lookup reads the session from the
 * database on every call (decision 048).
 */
export async function deleteUser(tx: Database, userId: string, phoneNumber: string | null): Promise<void> {
  if (phoneNumber) {
    const identifiers = [OTP_IDENTIFIER_PREFIX, JUST_USED_IDENTIFIER_PREFIX].map(
      (prefix) => `${prefix}${phoneNumber}`,
    );
    await tx.delete(verification).where(inArray(verification.identifier, identifiers));
    await tx.delete(otpSendLog).where(eq(otpSendLog.phoneNumber, phoneNumber));
  }
  await tx.delete(user).where(eq(user.id, userId));
}

/**
 * The account, its sessions and its sign-in methods, without anything that acts for the person: no
 * session token, no provider token, no password hash. Sign-in codes are left out altogether.
 */
export async function exportUser(db: Database, userId: string) {
  const [users, sessions, accounts] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        image: user.image,
        phoneNumber: user.phoneNumber,
        phoneNumberVerified: user.phoneNumberVerified,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
      })
      .from(user)
      .where(eq(user.id, userId)),
    db
      .select({
        id: session.id,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(asc(session.createdAt)),
    db
      .select({
        providerId: account.providerId,
        accountId: account.accountId,
        scope: account.scope,
        createdAt: account.createdAt,
        updatedAt: account.updatedAt,
      })
      .from(account)
      .where(eq(account.userId, userId)),
  ]);
  const phoneNumber = users[0]?.phoneNumber ?? null;
  const codesSent = phoneNumber
    ? await db
        .select({ phoneNumber: otpSendLog.phoneNumber, sentAt: otpSendLog.sentAt })
        .from(otpSendLog)
        .where(eq(otpSendLog.phoneNumber, phoneNumber))
        .orderBy(asc(otpSendLog.sentAt))
    : [];
  return {
    // A phone account's placeholder address is no address of the person's.
    [getTableName(user)]: users.map((row) => ({ ...row, email: realEmail(row.email) })),
    [getTableName(session)]: sessions,
    [getTableName(account)]: accounts,
    [getTableName(otpSendLog)]: codesSent,
  };
}

/**
 * Retention (docs/privacy.md): deletes up to `limit` verification rows (sign-in codes, sign-in
 * states) that expired before `now`, skipping rows another instance is deleting. Better Auth
 * deletes a row when it is used, not when it lapses. Returns how many went.
 */
export async function purgeExpiredVerifications(db: Database, now: Date, limit: number): Promise<number> {
  const expired = db
    .select({ id: verification.id })
    .from(verification)
    .where(lt(verification.expiresAt, now))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(verification)
    .where(inArray(verification.id, expired))
    .returning({ id: verification.id });
  return rows.length;
}
