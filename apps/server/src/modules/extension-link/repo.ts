import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { extensionExchangeToken } from '../../db/schema';

/** Stores a new token's hash; the expiry is computed by the database clock, as is the check. */
export async function insertExchangeToken(
  db: Database,
  { tokenHash, userId, ttlSeconds }: { tokenHash: string; userId: string; ttlSeconds: number },
): Promise<void> {
  await db.insert(extensionExchangeToken).values({
    tokenHash,
    userId,
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  });
}

/**
 * Spends a token: one UPDATE that only matches an unused, unexpired row. Two concurrent
 * exchanges cannot both match it, so exactly one gets the user id; everyone else gets null.
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
