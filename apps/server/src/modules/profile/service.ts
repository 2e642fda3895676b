import { type Profile, utcUserDay } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { ensureProfile } from '../account/repo';
import { findProfile, screenTimeOn, updateProfile } from './repo';

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

/** The name the greeting uses. No API call changes it yet; the demo data sets it. */
export async function setDisplayName(db: Database, user: SessionUser, displayName: string): Promise<void> {
  await ensureProfile(db, user.id, user.name);
  await updateProfile(db, user.id, { displayName: displayName.trim() || null });
}
