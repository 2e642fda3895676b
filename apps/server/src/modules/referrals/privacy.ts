import { asc, eq, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { referralView } from '../../db/schema';

/**
 * Account deletion (docs/privacy.md): visits to the person's referral link stay as counts (they say
 * nothing about the visitor) without naming whose link it was.
 */
export async function eraseUser(tx: Database, userId: string): Promise<void> {
  await tx
    .update(referralView)
    .set({ referringUserId: null })
    .where(eq(referralView.referringUserId, userId));
}

/** The visits to the person's referral link, and whether each led to the store. */
export async function exportUser(db: Database, userId: string) {
  const rows = await db
    .select({
      id: referralView.id,
      createdAt: referralView.createdAt,
      clickedDownloadAt: referralView.clickedDownloadAt,
    })
    .from(referralView)
    .where(eq(referralView.referringUserId, userId))
    .orderBy(asc(referralView.createdAt));
  return { [getTableName(referralView)]: rows };
}
