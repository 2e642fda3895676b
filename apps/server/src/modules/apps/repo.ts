import { and, asc, eq, gt, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mobileApp, mobileAppDailyUsage, mobileAppWeeklyUsage, supportedApp } from '../../db/schema';

export type MobileAppRow = typeof mobileApp.$inferSelect;
export type DailyUsageRow = typeof mobileAppDailyUsage.$inferSelect;
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

/** Daily rows of these apps for the days fromDay..toDay, both included. */
export async function dailyUsageBetween(
  db: Database,
  appIds: readonly string[],
  fromDay: number,
  toDay: number,
): Promise<DailyUsageRow[]> {
  if (appIds.length === 0) return [];
  return db
    .select()
    .from(mobileAppDailyUsage)
    .where(
      and(
        inArray(mobileAppDailyUsage.mobileAppId, [...appIds]),
        gte(mobileAppDailyUsage.userDay, fromDay),
        lte(mobileAppDailyUsage.userDay, toDay),
      ),
    );
}

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

export interface AppValues {
  supportedAppId: string | null;
  name: string | null;
  budget: number;
  domains: string[];
}

export async function insertApps(
  tx: Database,
  userId: string,
  apps: readonly AppValues[],
): Promise<{ id: string; supportedAppId: string | null; name: string | null }[]> {
  if (apps.length === 0) return [];
  return tx
    .insert(mobileApp)
    .values(apps.map((app) => ({ userId, ...app })))
    .returning({ id: mobileApp.id, supportedAppId: mobileApp.supportedAppId, name: mobileApp.name });
}

export async function updateApp(tx: Database, id: string, values: AppValues): Promise<void> {
  await tx.update(mobileApp).set(values).where(eq(mobileApp.id, id));
}

/** Removes the user's apps other than `keep` (with their daily and weekly rows, by cascade). */
export async function deleteAppsExcept(tx: Database, userId: string, keep: readonly string[]): Promise<void> {
  await tx
    .delete(mobileApp)
    .where(
      and(eq(mobileApp.userId, userId), keep.length > 0 ? notInArray(mobileApp.id, [...keep]) : undefined),
    );
}

/** Writes each app's days, each replacing what an earlier report said about that day (never adding). */
export async function upsertDays(
  tx: Database,
  days: readonly { mobileAppId: string; userDay: number; appOpens: number; minutesUsed: number }[],
): Promise<void> {
  if (days.length === 0) return;
  await tx
    .insert(mobileAppDailyUsage)
    .values([...days])
    .onConflictDoUpdate({
      target: [mobileAppDailyUsage.mobileAppId, mobileAppDailyUsage.userDay],
      set: {
        appOpens: sql`excluded.app_opens`,
        minutesUsed: sql`excluded.minutes_used`,
        updatedAt: sql`now()`,
      },
    });
}

/** Writes each app's week (older phone builds), replacing what an earlier report said about that week. */
export async function upsertWeeks(
  tx: Database,
  weeks: readonly {
    mobileAppId: string;
    weekStartUserDay: number;
    totalAppOpens: number;
    totalMinutesUsed: number;
  }[],
): Promise<void> {
  if (weeks.length === 0) return;
  await tx
    .insert(mobileAppWeeklyUsage)
    .values([...weeks])
    .onConflictDoUpdate({
      target: [mobileAppWeeklyUsage.mobileAppId, mobileAppWeeklyUsage.weekStartUserDay],
      set: {
        totalAppOpens: sql`excluded.total_app_opens`,
        totalMinutesUsed: sql`excluded.total_minutes_used`,
        updatedAt: sql`now()`,
      },
    });
}
