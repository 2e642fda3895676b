import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { isLiveSession } from '../../auth/live-session';
import type { Database } from '../../db/client';
import { extensionExchangeToken } from '../../db/schema';

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
 * everyone else gets null. Whether the session is live is auth's condition, checked in the same
 * statement.
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
        isLiveSession(extensionExchangeToken.sessionId),
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
