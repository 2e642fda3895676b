import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mobileScreenTime, profile } from '../../db/schema';

export async function findProfile(
  db: Database,
  userId: string,
): Promise<{ displayName: string | null; streakStarted: number | null; trialEmail: string | null } | null> {
  const [row] = await db
    .select({
      displayName: profile.displayName,
      streakStarted: profile.streakStarted,
      trialEmail: profile.trialEmail,
    })
    .from(profile)
    .where(eq(profile.userId, userId));
  return row ?? null;
}

export async function screenTimeOn(db: Database, userId: string, userDay: number): Promise<number> {
  const [row] = await db
    .select({ minutes: mobileScreenTime.minutes })
    .from(mobileScreenTime)
    .where(and(eq(mobileScreenTime.userId, userId), eq(mobileScreenTime.userDay, userDay)));
  return row?.minutes ?? 0;
}

/** Changes profile fields of a user whose profile row exists (see account's ensureProfile). */
export async function updateProfile(
  db: Database,
  userId: string,
  changes: { displayName?: string | null; streakStarted?: number | null; timezoneOffsetMinutes?: number },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(profile).set(changes).where(eq(profile.userId, userId));
}

export async function upsertScreenTime(
  db: Database,
  userId: string,
  userDay: number,
  minutes: number,
): Promise<void> {
  await db
    .insert(mobileScreenTime)
    .values({ userId, userDay, minutes })
    .onConflictDoUpdate({
      target: [mobileScreenTime.userId, mobileScreenTime.userDay],
      set: { minutes, updatedAt: new Date() },
    });
}
