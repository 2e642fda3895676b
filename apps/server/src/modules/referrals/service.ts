import type { Acknowledged } from '@stillpoint/core';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { countsFor, insertView, markDownloadClicked } from './repo';

export interface ReferralsDependencies {
  db: Database;
}

/**
 * A visit to someone's referral link (SPEC §2 Referral landing). Only the referring user and the
 * time are kept, nothing about the visitor; an unknown referring user is stored as unattributed.
 */
export async function viewAppReferral(
  { db }: ReferralsDependencies,
  input: { referringUserId: string },
): Promise<{ id: string }> {
  return { id: await insertView(db, input.referringUserId) };
}

/** The visit went on to the store. Pressing the button again changes nothing. */
export async function clickedDownloadFromAppReferral(
  { db }: ReferralsDependencies,
  input: { referralViewId: string },
): Promise<Acknowledged> {
  if (!(await markDownloadClicked(db, input.referralViewId))) throw notFound('That referral visit');
  return { ok: true };
}

/** How the caller's own link has done; nobody can ask about another person's. */
export async function appReferralStats(
  { db }: ReferralsDependencies,
  userId: string,
): Promise<{ views: number; downloadClicks: number }> {
  return countsFor(db, userId);
}
