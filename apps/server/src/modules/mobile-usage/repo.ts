import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mobileApp, mobileAppWeeklyUsage, profile } from '../../db/schema';

/** Holds the user's profile row until the transaction ends, so one user's reports apply one at a time. */
export async function lockProfile(tx: Database, userId: string): Promise<void> {
  await tx.select({ userId: profile.userId }).from(profile).where(eq(profile.userId, userId)).for('update');
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

/** Removes the user's apps other than `keep` (with their weekly rows, by cascade). */
export async function deleteAppsExcept(tx: Database, userId: string, keep: readonly string[]): Promise<void> {
  await tx
    .delete(mobileApp)
    .where(
      and(eq(mobileApp.userId, userId), keep.length > 0 ? notInArray(mobileApp.id, [...keep]) : undefined),
    );
}

/** Writes each app's week, replacing what an earlier report said about that week. */
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
