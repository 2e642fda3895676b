import { asc, eq, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mobileScreenTime, profile } from '../../db/schema';

// Account deletion and export (docs/privacy.md): the profile and screen time go with the user row
// (the foreign keys cascade), so only the export needs this module.

/** The person's profile and their phone's screen time per day. */
export async function exportUser(db: Database, userId: string) {
  const [profiles, screenTime] = await Promise.all([
    db.select().from(profile).where(eq(profile.userId, userId)),
    db
      .select()
      .from(mobileScreenTime)
      .where(eq(mobileScreenTime.userId, userId))
      .orderBy(asc(mobileScreenTime.userDay)),
  ]);
  return { [getTableName(profile)]: profiles, [getTableName(mobileScreenTime)]: screenTime };
}
