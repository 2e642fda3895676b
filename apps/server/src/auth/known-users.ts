import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema';

/**
 * Which of these ids belong to an account. Webhooks and the entitlement service name people by
 * id, and an unknown one must be told apart from a person without purchases; the `user` table is
 * Better Auth's, so the question is asked here.
 */
export async function existingUserIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}
