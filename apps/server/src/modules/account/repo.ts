import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profile } from '../../db/schema';

/** Creates the profile row if it is missing; true when this call created it (the first sync). */
export async function ensureProfile(
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

export async function setTimezoneOffset(db: Database, userId: string, minutes: number): Promise<void> {
  await db.update(profile).set({ timezoneOffsetMinutes: minutes }).where(eq(profile.userId, userId));
}

export async function setTrialEmail(db: Database, userId: string, trialEmail: string): Promise<void> {
  await db.update(profile).set({ trialEmail }).where(eq(profile.userId, userId));
}
