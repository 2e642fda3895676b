import { type Profile, utcUserDay } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { Database } from '../../db/client';
import {
  findProfile,
  findTimezoneOffset,
  insertProfileIfMissing,
  lockProfileRow,
  type ProfileChanges,
  screenTimeOn,
  updateProfileRow,
  upsertScreenTime,
} from './repo';

export type { ProfileChanges } from './repo';

/**
 * The home page's profile. Screen time is the phone's report for `userDay` (the browser's local
 * day); without one the server can only use its own UTC day.
 */
export async function getProfile(
  db: Database,
  user: SessionUser,
  userDay: number | undefined,
  now: Date,
): Promise<Profile> {
  const day = userDay ?? utcUserDay(now);
  const [stored, minutes] = await Promise.all([findProfile(db, user.id), screenTimeOn(db, user.id, day)]);
  return {
    // Before the first sync there is no profile row; the sign-in name stands in.
    displayName: stored ? stored.displayName : user.name,
    streakData: { streakStarted: stored?.streakStarted ?? null },
    mobileScreenTimeToday: minutes,
  };
}

/**
 * Creates the user's profile if it is missing, named after the sign-in name. True when this call
 * created it, which is how the first sync knows the person is new.
 */
export const ensureProfile = (db: Database, user: SessionUser): Promise<boolean> =>
  insertProfileIfMissing(db, user.id, user.name);

/**
 * Runs `work` in one transaction that holds the user's profile row (created first if missing), so
 * changes to one person's profile and phone data are applied one at a time.
 */
export function withLockedProfile<T>(
  db: Database,
  user: SessionUser,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await insertProfileIfMissing(tx, user.id, user.name);
    await lockProfileRow(tx, user.id);
    return work(tx);
  });
}

/** Changes profile fields of a user whose profile exists (ensureProfile or withLockedProfile). */
export const updateProfile = (db: Database, userId: string, changes: ProfileChanges): Promise<void> =>
  updateProfileRow(db, userId, changes);

/** The phone's total screen time for one of the user's days; a later report for that day replaces it. */
export const recordScreenTime = (db: Database, userId: string, userDay: number, minutes: number) =>
  upsertScreenTime(db, userId, userDay, minutes);

/** The e-mail a trial link was sent to, as recorded at sign-in; null when there is none. */
export async function storedTrialEmail(db: Database, userId: string): Promise<string | null> {
  return (await findProfile(db, userId))?.trialEmail ?? null;
}

/** The name the greeting uses. No API call changes it yet; the demo data sets it. */
export async function setDisplayName(db: Database, user: SessionUser, displayName: string): Promise<void> {
  await ensureProfile(db, user);
  await updateProfile(db, user.id, { displayName: displayName.trim() || null });
}

/** The person's last known offset from UTC in minutes (as their devices report it); null when unknown. */
export async function timezoneOffsetOf(db: Database, userId: string): Promise<number | null> {
  return findTimezoneOffset(db, userId);
}
