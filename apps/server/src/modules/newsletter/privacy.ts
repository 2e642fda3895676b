import { and, asc, eq, getTableName, gte, inArray, isNull, lt, notExists } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newsletterConfirmation, newsletterSignup } from '../../db/schema';

const lowerCased = (emails: readonly string[]) => [...new Set(emails.map((email) => email.toLowerCase()))];

/**
 * Account deletion (docs/privacy.md): the newsletter is keyed by address, not by account, so the
 * account's own addresses leave the list, and their confirmations go with them (cascade).
 */
export async function eraseUser(tx: Database, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await tx.delete(newsletterSignup).where(inArray(newsletterSignup.email, lowerCased(emails)));
}

/**
 * The sign-ups of the account's addresses and their confirmation e-mails; never the unsubscribe key
 * or a link's token hash, which act for the address.
 */
export async function exportUser(db: Database, emails: readonly string[]) {
  const addresses = lowerCased(emails);
  if (addresses.length === 0) {
    return { [getTableName(newsletterSignup)]: [], [getTableName(newsletterConfirmation)]: [] };
  }
  const [signups, confirmations] = await Promise.all([
    db
      .select({
        email: newsletterSignup.email,
        createdAt: newsletterSignup.createdAt,
        confirmedAt: newsletterSignup.confirmedAt,
        unsubscribedAt: newsletterSignup.unsubscribedAt,
      })
      .from(newsletterSignup)
      .where(inArray(newsletterSignup.email, addresses)),
    db
      .select({
        email: newsletterConfirmation.email,
        createdAt: newsletterConfirmation.createdAt,
        expiresAt: newsletterConfirmation.expiresAt,
        usedAt: newsletterConfirmation.usedAt,
        sentAt: newsletterConfirmation.sentAt,
      })
      .from(newsletterConfirmation)
      .where(inArray(newsletterConfirmation.email, addresses))
      .orderBy(asc(newsletterConfirmation.createdAt)),
  ]);
  return {
    [getTableName(newsletterSignup)]: signups,
    [getTableName(newsletterConfirmation)]: confirmations,
  };
}

/**
 * Retention (docs/privacy.md): deletes up to `limit` addresses that never confirmed and were last
 * asked to (their newest confirmation e-mail, or the sign-up itself) before `cutoff`; their
 * confirmations go with them (cascade). Rows another instance is deleting are skipped. Returns how
 * many went.
 */
export async function purgeUnconfirmedBefore(db: Database, cutoff: Date, limit: number): Promise<number> {
  const recentlyAsked = db
    .select({ email: newsletterConfirmation.email })
    .from(newsletterConfirmation)
    .where(
      and(
        eq(newsletterConfirmation.email, newsletterSignup.email),
        gte(newsletterConfirmation.createdAt, cutoff),
      ),
    );
  const stale = db
    .select({ email: newsletterSignup.email })
    .from(newsletterSignup)
    .where(
      and(
        isNull(newsletterSignup.confirmedAt),
        lt(newsletterSignup.createdAt, cutoff),
        notExists(recentlyAsked),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(newsletterSignup)
    .where(inArray(newsletterSignup.email, stale))
    .returning({ email: newsletterSignup.email });
  return rows.length;
}
