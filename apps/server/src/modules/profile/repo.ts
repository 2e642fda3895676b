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

/** Creates the profile row if it is missing; true when this call created it (the first sync). */
export async function insertProfileIfMissing(
  db: Database,
  userId: string,
  displayName: string | null,
): Promise<boolean> {
  const inserted = await db
    .insert(profile)
    .values({ userId, displayName })
    .onConflictDoNothing({ target: profile.userId })
    .returning({ userId: profile.userId });
  return inserted.length > 0;
}

/** Holds the user's profile row until the transaction ends. */
export async function lockProfileRow(tx: Database, userId: string): Promise<void> {
  await tx.select({ userId: profile.userId }).from(profile).where(eq(profile.userId, userId)).for('update');
}

export interface ProfileChanges {
  displayName?: string | null;
  streakStarted?: number | null;
  timezoneOffsetMinutes?: number;
  trialEmail?: string;
}

/** Changes profile fields of a user whose profile row exists (see insertProfileIfMissing). */
export async function updateProfileRow(db: Database, userId: string, changes: ProfileChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(profile).set(changes).where(eq(profile.userId, userId));
}

export async function screenTimeOn(db: Database, userId: string, userDay: number): Promise<number> {
  const [row] = await db
    .select({ minutes: mobileScreenTime.minutes })
    .from(mobileScreenTime)
    .where(and(eq(mobileScreenTime.userId, userId), eq(mobileScreenTime.userDay, userDay)));
  return row?.minutes ?? 0;
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

export async function findTimezoneOffset(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ minutes: profile.timezoneOffsetMinutes })
    .from(profile)
    .where(eq(profile.userId, userId));
  return row?.minutes ?? null;
}
