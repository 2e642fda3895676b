import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idempotencyKey } from '../../db/schema';

/**
 * Account deletion (docs/privacy.md): the answers kept for the person's repeated presses may hold
 * their data, and they would go within 24 hours anyway, so they go now. Not exported: they are
 * copies of answers the person already had. A signed-in caller is `user:<id>` (http/idempotency.ts).
 */
export async function eraseUser(tx: Database, userId: string): Promise<void> {
  await tx.delete(idempotencyKey).where(eq(idempotencyKey.caller, `user:${userId}`));
}
