import { ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES } from '@stillpoint/core';

/**
 * Until when a session made at `startedAt` counts as a fresh sign-in, which deleting the account
 * needs; null once that has passed (the person signs in again first).
 */
export function freshSignInUntil(startedAt: Date | null, now: Date): Date | null {
  if (!startedAt) return null;
  const until = new Date(startedAt.getTime() + ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES * 60_000);
  return until.getTime() > now.getTime() ? until : null;
}
