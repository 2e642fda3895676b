import {
  type BrowserSiteSession,
  hasSessionsLeft,
  isPossibleUserDay,
  sessionStartedAtMs,
  startsTooFarAhead,
} from '@stillpoint/core';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { countSessionsOnDay, findSession, insertSession, lockOwnSite, type SessionRow } from './repo';
import { siteLabel, siteNotFound, toSession } from './service';

export interface SessionStart {
  id: string;
  siteId: string;
  lengthInMilliseconds: number;
  timeStarted: number;
  userDay: number;
}

/** A stored session answers a retry of its id; someone else's id is not theirs to learn about. */
function storedAnswer(row: SessionRow, userId: string): BrowserSiteSession {
  if (row.userId !== userId) throw notFound('That session');
  return toSession(row);
}

function refuseImplausibleStart(input: SessionStart, nowMs: number): void {
  if (startsTooFarAhead(input, nowMs)) {
    throw new AppError(
      'BAD_REQUEST',
      "timeStarted is in the future. Check your computer's clock and try again.",
    );
  }
  if (!isPossibleUserDay(input.userDay, sessionStartedAtMs(input))) {
    throw new AppError('BAD_REQUEST', 'userDay is not the date anywhere at timeStarted.');
  }
}

/**
 * Starts a session on one of the user's sites, within that day's budget. The id is made by the
 * client, so a retry returns the stored session and inserts nothing. The site row is locked for
 * the transaction: concurrent starts on one site take turns, so together they never pass its
 * budget. Refusals: no such site of this user (404), a switched-off or archived site or a used-up
 * budget (409, with a message for the person).
 */
export async function startSession(
  db: Database,
  userId: string,
  input: SessionStart,
  nowMs: number,
): Promise<BrowserSiteSession> {
  refuseImplausibleStart(input, nowMs);
  return db.transaction(async (tx) => {
    const stored = await findSession(tx, input.id);
    if (stored) return storedAnswer(stored, userId);

    const site = await lockOwnSite(tx, userId, input.siteId);
    if (!site) throw siteNotFound();
    const label = siteLabel(site.siteOrigin);
    if (site.archivedAt) {
      throw new AppError('CONFLICT', `${label} is no longer one of your intercepted sites.`);
    }
    if (!site.active) {
      throw new AppError('CONFLICT', `${label} is switched off, so it has no sessions. Switch it on first.`);
    }
    // A retry of this id may have committed while we waited for the lock.
    const raced = await findSession(tx, input.id);
    if (raced) return storedAnswer(raced, userId);

    const used = await countSessionsOnDay(tx, site.id, input.userDay);
    if (!hasSessionsLeft(site.budget, used)) {
      const sessions = site.budget === 1 ? 'your 1 session' : `all ${site.budget} sessions`;
      throw new AppError('CONFLICT', `You have used ${sessions} for ${label} today.`);
    }
    const inserted = await insertSession(tx, { ...input, userId });
    if (inserted) return toSession(inserted);
    // The id was taken meanwhile, on a site this lock does not cover.
    const taken = await findSession(tx, input.id);
    if (!taken) throw new Error('session insert conflicted but no session has that id');
    return storedAnswer(taken, userId);
  });
}
