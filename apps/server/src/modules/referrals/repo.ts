import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { referralView } from '../../db/schema';

/**
 * Stores one visit to a referral link and returns its id. The foreign key decides whether the
 * referring user exists (this module does not own `user`): an id that names nobody is stored as
 * unattributed, so a mistyped or stale link still counts as a visit and never fails the call.
 */
export async function insertView(db: Database, referringUserId: string | null): Promise<string> {
  const insert = async (userId: string | null) => {
    const [row] = await db
      .insert(referralView)
      .values({ referringUserId: userId })
      .returning({ id: referralView.id });
    if (!row) throw new Error('insert into referral_view returned no row');
    return row.id;
  };
  if (referringUserId === null) return insert(null);
  try {
    return await insert(referringUserId);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    return insert(null);
  }
}

/**
 * Stamps the first download click of a visit; later clicks keep that first time, so a visit counts
 * once however often its button is pressed. False when there is no such visit.
 */
export async function markDownloadClicked(db: Database, viewId: string): Promise<boolean> {
  const rows = await db
    .update(referralView)
    .set({ clickedDownloadAt: sql`coalesce(${referralView.clickedDownloadAt}, now())` })
    .where(eq(referralView.id, viewId))
    .returning({ id: referralView.id });
  return rows.length > 0;
}

/** Visits to one person's link, and how many of them went on to the store. */
export async function countsFor(
  db: Database,
  referringUserId: string,
): Promise<{ views: number; downloadClicks: number }> {
  const [row] = await db
    .select({ views: count(), downloadClicks: count(referralView.clickedDownloadAt) })
    .from(referralView)
    .where(eq(referralView.referringUserId, referringUserId));
  return { views: row?.views ?? 0, downloadClicks: row?.downloadClicks ?? 0 };
}
