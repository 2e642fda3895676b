import { asc, eq, getTableColumns, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mobileApp, mobileAppDailyUsage, mobileAppWeeklyUsage } from '../../db/schema';

// Account deletion and export (docs/privacy.md): the person's apps go with the user row and their
// use with the apps (the foreign keys cascade), so only the export needs this module.

/** The apps the person limits on their phone, and the use reported for each, per day and per week. */
export async function exportUser(db: Database, userId: string) {
  const [apps, daily, weekly] = await Promise.all([
    db.select().from(mobileApp).where(eq(mobileApp.userId, userId)).orderBy(asc(mobileApp.createdAt)),
    db
      .select(getTableColumns(mobileAppDailyUsage))
      .from(mobileAppDailyUsage)
      .innerJoin(mobileApp, eq(mobileApp.id, mobileAppDailyUsage.mobileAppId))
      .where(eq(mobileApp.userId, userId))
      .orderBy(asc(mobileAppDailyUsage.userDay)),
    db
      .select(getTableColumns(mobileAppWeeklyUsage))
      .from(mobileAppWeeklyUsage)
      .innerJoin(mobileApp, eq(mobileApp.id, mobileAppWeeklyUsage.mobileAppId))
      .where(eq(mobileApp.userId, userId))
      .orderBy(asc(mobileAppWeeklyUsage.weekStartUserDay)),
  ]);
  return {
    [getTableName(mobileApp)]: apps,
    [getTableName(mobileAppDailyUsage)]: daily,
    [getTableName(mobileAppWeeklyUsage)]: weekly,
  };
}
