import { and, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newsletterConfirmation, newsletterSignup } from '../../db/schema';
import type { ForwardResult } from '../../forwarding/backoff';
import {
  claimDueRows,
  countForwardingBacklog,
  type ForwardingClaim,
  type ForwardingColumns,
} from '../../forwarding/columns';
import type { ForwardingBacklog } from '../../forwarding/retry';

export type SignupRow = typeof newsletterSignup.$inferSelect;
export type ConfirmationRow = typeof newsletterConfirmation.$inferSelect;

/** A confirmation e-mail as the sending steps see it (forwarding/retry.ts counts `forwardAttempts`). */
export interface PendingConfirmation {
  id: string;
  email: string;
  forwardAttempts: number;
}

/** How the confirmation table's delivery columns map onto the forwarding job's. */
const deliveryColumns: ForwardingColumns = {
  forwardedAt: newsletterConfirmation.sentAt,
  nextForwardAt: newsletterConfirmation.nextSendAt,
  forwardGivenUpAt: newsletterConfirmation.sendGivenUpAt,
};

const pendingOf = (row: ConfirmationRow): PendingConfirmation => ({
  id: row.id,
  email: row.email,
  forwardAttempts: row.sendAttempts,
});

/** One of the address's recent confirmations, as the resend rule reads it. */
export type RecentConfirmation = Pick<ConfirmationRow, 'createdAt' | 'sentAt' | 'sendGivenUpAt'>;

/** What a sign-up does to the address's row: reopen it (after an unsubscribe), and send a new link. */
export interface SignupDecision {
  reopen: boolean;
  confirmation: { tokenHash: string; expiresAt: Date } | null;
}

/**
 * Signs an address up in one transaction: stores it if new (with `unsubscribeToken`), locks its row,
 * reads its confirmations since `since` (newest first), and writes what `decide` makes of them. The
 * lock makes concurrent sign-ups of one address take turns, so the rule sees every link sent.
 */
export function signUp(
  db: Database,
  { email, unsubscribeToken, since }: { email: string; unsubscribeToken: string; since: Date },
  decide: (signup: SignupRow, recent: RecentConfirmation[]) => SignupDecision,
): Promise<{ signup: SignupRow; confirmation: PendingConfirmation | null }> {
  return db.transaction(async (tx) => {
    await tx.insert(newsletterSignup).values({ email, unsubscribeToken }).onConflictDoNothing();
    const [locked] = await tx
      .select()
      .from(newsletterSignup)
      .where(eq(newsletterSignup.email, email))
      .for('update');
    if (!locked) throw new Error('newsletter_signup lost the row it just stored');
    const recent = await tx
      .select({
        createdAt: newsletterConfirmation.createdAt,
        sentAt: newsletterConfirmation.sentAt,
        sendGivenUpAt: newsletterConfirmation.sendGivenUpAt,
      })
      .from(newsletterConfirmation)
      .where(and(eq(newsletterConfirmation.email, email), gte(newsletterConfirmation.createdAt, since)))
      .orderBy(desc(newsletterConfirmation.createdAt));
    const decision = decide(locked, recent);

    let signup = locked;
    if (decision.reopen) {
      const [reopened] = await tx
        .update(newsletterSignup)
        .set({ confirmedAt: null, unsubscribedAt: null })
        .where(eq(newsletterSignup.email, email))
        .returning();
      signup = reopened ?? locked;
    }
    if (!decision.confirmation) return { signup, confirmation: null };
    const [created] = await tx
      .insert(newsletterConfirmation)
      .values({ email, ...decision.confirmation })
      .returning();
    if (!created) throw new Error('insert into newsletter_confirmation returned no row');
    return { signup, confirmation: pendingOf(created) };
  });
}

/** The confirmation a link's key names, with its address's row; null for a key no link has. */
export async function findConfirmation(
  db: Database,
  tokenHash: string,
): Promise<{ confirmation: ConfirmationRow; signup: SignupRow } | null> {
  const [row] = await db
    .select({ confirmation: newsletterConfirmation, signup: newsletterSignup })
    .from(newsletterConfirmation)
    .innerJoin(newsletterSignup, eq(newsletterSignup.email, newsletterConfirmation.email))
    .where(eq(newsletterConfirmation.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Uses a confirmation once: marks it used only if nobody has (so of two opens at once, one
 * confirms), confirms its address, and drops the address's other links that never went out, so
 * the retry job sends no confirmation to a confirmed address. False when it was used already or is
 * gone (the address unsubscribed meanwhile).
 */
export function useConfirmation(db: Database, confirmation: ConfirmationRow, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(newsletterConfirmation)
      .set({ usedAt: now })
      .where(and(eq(newsletterConfirmation.id, confirmation.id), isNull(newsletterConfirmation.usedAt)))
      .returning({ id: newsletterConfirmation.id });
    if (used.length === 0) return false;
    await tx
      .update(newsletterSignup)
      .set({ confirmedAt: now })
      .where(and(eq(newsletterSignup.email, confirmation.email), isNull(newsletterSignup.confirmedAt)));
    await tx
      .delete(newsletterConfirmation)
      .where(
        and(
          eq(newsletterConfirmation.email, confirmation.email),
          ne(newsletterConfirmation.id, confirmation.id),
          isNull(newsletterConfirmation.sentAt),
        ),
      );
    return true;
  });
}

/**
 * Takes the address an unsubscribe key names off the list: the first time sets `unsubscribed_at`,
 * a repeat keeps it. Its unused confirmation links go, so none can put it back on the list and the
 * retry job sends none. False for a key no address has.
 */
export function unsubscribe(db: Database, unsubscribeToken: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [signup] = await tx
      .update(newsletterSignup)
      .set({ unsubscribedAt: sql`coalesce(${newsletterSignup.unsubscribedAt}, ${now})` })
      .where(eq(newsletterSignup.unsubscribeToken, unsubscribeToken))
      .returning({ email: newsletterSignup.email });
    if (!signup) return false;
    await tx
      .delete(newsletterConfirmation)
      .where(and(eq(newsletterConfirmation.email, signup.email), isNull(newsletterConfirmation.usedAt)));
    return true;
  });
}

/**
 * Gives a confirmation that was never sent a new key before a retry sends it (only the key's hash
 * is kept, so the old one cannot be sent again). Null when there is nothing to send any more: the
 * link was used or dropped, or its address confirmed or unsubscribed.
 */
export async function rekeyUnsentConfirmation(
  db: Database,
  id: string,
  { tokenHash, expiresAt }: { tokenHash: string; expiresAt: Date },
): Promise<{ email: string; unsubscribeToken: string } | null> {
  const [row] = await db
    .update(newsletterConfirmation)
    .set({ tokenHash, expiresAt })
    .from(newsletterSignup)
    .where(
      and(
        eq(newsletterConfirmation.id, id),
        isNull(newsletterConfirmation.sentAt),
        isNull(newsletterConfirmation.usedAt),
        eq(newsletterSignup.email, newsletterConfirmation.email),
        isNull(newsletterSignup.confirmedAt),
        isNull(newsletterSignup.unsubscribedAt),
      ),
    )
    .returning({ email: newsletterConfirmation.email, unsubscribeToken: newsletterSignup.unsubscribeToken });
  return row ?? null;
}

/** Due confirmation e-mails for this instance alone, leased before anything is sent (forwarding/columns.ts). */
export async function claimDueConfirmations(
  db: Database,
  claim: ForwardingClaim,
): Promise<PendingConfirmation[]> {
  const rows = await claimDueRows(
    db,
    {
      table: newsletterConfirmation,
      columns: deliveryColumns,
      key: newsletterConfirmation.id,
      keyOf: (row: ConfirmationRow) => row.id,
      storedAt: newsletterConfirmation.createdAt,
    },
    claim,
  );
  return rows.map(pendingOf);
}

/** Writes one sending attempt's result on its confirmation (a dropped one is simply gone). */
export async function recordConfirmationSend(db: Database, id: string, result: ForwardResult): Promise<void> {
  await db
    .update(newsletterConfirmation)
    .set(
      result.ok
        ? { sentAt: result.forwardedAt, sendAttempts: result.attempts, nextSendAt: null }
        : {
            sendAttempts: result.attempts,
            nextSendAt: result.nextForwardAt,
            sendGivenUpAt: result.givenUpAt,
            lastSendError: result.error,
          },
    )
    .where(eq(newsletterConfirmation.id, id));
}

export const confirmationSendBacklog = (db: Database): Promise<ForwardingBacklog> =>
  countForwardingBacklog(db, newsletterConfirmation, deliveryColumns);
