import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { extensionExchangeToken, session } from '../../db/schema';

/** Stores a new token's hash; the expiry is computed by the database clock, as is the check. */
export async function insertExchangeToken(
  db: Database,
  {
    tokenHash,
    userId,
    sessionId,
    ttlSeconds,
  }: { tokenHash: string; userId: string; sessionId: string; ttlSeconds: number },
): Promise<void> {
  await db.insert(extensionExchangeToken).values({
    tokenHash,
    userId,
    sessionId,
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  });
}

/**
 * Spends a token: one UPDATE that only matches an unused, unexpired row whose minting session is
 * still live. Two concurrent exchanges cannot both match it, so exactly one gets the user id;
 * everyone else gets null. Checking the session here covers every way a session ends (sign-out,
 * revocation, expiry), not only those that delete its row.
 */
export async function redeemExchangeToken(db: Database, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .update(extensionExchangeToken)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(extensionExchangeToken.tokenHash, tokenHash),
        isNull(extensionExchangeToken.usedAt),
        sql`${extensionExchangeToken.expiresAt} > now()`,
        sql`exists (select 1 from ${session} where ${session.id} = ${extensionExchangeToken.sessionId} and ${session.expiresAt} > now())`,
      ),
    )
    .returning({ userId: extensionExchangeToken.userId });
  return row?.userId ?? null;
}

/** Drops a user's spent and expired tokens; they can never be redeemed again. */
export async function deleteDeadTokens(db: Database, userId: string): Promise<void> {
  await db
    .delete(extensionExchangeToken)
    .where(
      and(
        eq(extensionExchangeToken.userId, userId),
        or(isNotNull(extensionExchangeToken.usedAt), lt(extensionExchangeToken.expiresAt, sql`now()`)),
      ),
    );
}
