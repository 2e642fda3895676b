import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mobileApp, mobileAppWeeklyUsage, supportedApp } from '../../db/schema';

export type MobileAppRow = typeof mobileApp.$inferSelect;
export type WeeklyUsageRow = typeof mobileAppWeeklyUsage.$inferSelect;

export const listSupportedApps = (db: Database) =>
  db
    .select({ id: supportedApp.id, name: supportedApp.name, iconPath: supportedApp.iconPath })
    .from(supportedApp)
    .orderBy(asc(supportedApp.name));

export async function knownSupportedAppIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: supportedApp.id })
    .from(supportedApp)
    .where(inArray(supportedApp.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

export const listUserApps = (db: Database, userId: string): Promise<MobileAppRow[]> =>
  db
    .select()
    .from(mobileApp)
    .where(eq(mobileApp.userId, userId))
    .orderBy(asc(mobileApp.createdAt), asc(mobileApp.id));

/** Weekly rows of these apps whose week starts in (fromDay, toDay]. */
export async function weeklyUsageBetween(
  db: Database,
  appIds: readonly string[],
  fromDay: number,
  toDay: number,
): Promise<WeeklyUsageRow[]> {
  if (appIds.length === 0) return [];
  return db
    .select()
    .from(mobileAppWeeklyUsage)
    .where(
      and(
        inArray(mobileAppWeeklyUsage.mobileAppId, [...appIds]),
        gt(mobileAppWeeklyUsage.weekStartUserDay, fromDay),
        lte(mobileAppWeeklyUsage.weekStartUserDay, toDay),
      ),
    );
}
