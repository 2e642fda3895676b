import {
  type Insights,
  type InterceptOutcome,
  type InterceptOutcomeReport,
  isPossibleUserDay,
  type ProofFiguresData,
  settleOutcome,
} from '@stillpoint/core';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { eventTime } from '../analytics/service';
import { ownSitesById, sessionsInDayRange, siteNotFound } from '../sites/service';
import { insightsOfWeek, weekEndingWith } from './figures';
import { PAUSE_TOTALS_REFRESH_MS, pauseTotalsCache, storeRatingOf } from './proof-figures';
import {
  allPauseTotals,
  findOutcome,
  firstInterceptDay,
  insertOutcomeIfNew,
  outcomesOfDays,
  settleShownOutcome,
} from './repo';

export interface ReportResult {
  ok: true;
  recorded: number;
  duplicates: number;
}

/**
 * The client takes userDay and occurredAt from one clock, so even a wrong clock keeps them in step;
 * a mismatch is a bug, and counting it would put the pause on a day it never happened.
 */
function refuseImpossibleDays(outcomes: readonly InterceptOutcomeReport[]): void {
  if (outcomes.some((report) => !isPossibleUserDay(report.userDay, report.occurredAt))) {
    throw new AppError('BAD_REQUEST', 'userDay is not the date anywhere at occurredAt.');
  }
}

/** Refuses the whole report when any site is not one of the user's (archived ones still are). */
async function requireOwnSites(db: Database, userId: string, outcomes: readonly InterceptOutcomeReport[]) {
  const siteIds = [...new Set(outcomes.map((report) => report.siteId))];
  const owned = await ownSitesById(db, userId, siteIds);
  if (owned.length !== siteIds.length) throw siteNotFound();
}

/**
 * Applies one report; true when it changed something. The first report of a pause creates it, a
 * later decision settles a pause still shown, anything else is a duplicate. A pause of another
 * person, or of another site, is not found: its id tells the caller nothing and changes nothing.
 */
async function applyReport(
  tx: Database,
  userId: string,
  report: InterceptOutcomeReport,
  nowMs: number,
): Promise<boolean> {
  const at = eventTime(report.occurredAt, nowMs);
  const sessionLengthInMilliseconds = report.sessionLengthInMilliseconds ?? null;
  const created = await insertOutcomeIfNew(tx, {
    id: report.interceptId,
    userId,
    siteId: report.siteId,
    userDay: report.userDay,
    outcome: report.outcome,
    sessionLengthInMilliseconds,
    shownAt: at,
    settledAt: report.outcome === 'shown' ? null : at,
  });
  if (created) return true;

  const stored = await findOutcome(tx, report.interceptId);
  if (!stored || stored.userId !== userId || stored.siteId !== report.siteId) throw notFound('That pause');
  const settled = settleOutcome(stored.outcome as InterceptOutcome, report.outcome);
  if (settled === null) return false;
  // Conditional on the pause still being shown, so of two racing decisions only the first counts.
  return settleShownOutcome(
    tx,
    { interceptId: stored.id, userId, siteId: stored.siteId },
    { outcome: settled, sessionLengthInMilliseconds, settledAt: at },
  );
}

/**
 * Records what happened at pauses, idempotently by interceptId (docs/insights.md). All or nothing:
 * a report naming a site or a pause that is not the user's stores none of its outcomes.
 */
export async function reportInterceptOutcomes(
  db: Database,
  userId: string,
  outcomes: readonly InterceptOutcomeReport[],
  nowMs: number,
): Promise<ReportResult> {
  refuseImpossibleDays(outcomes);
  // UUIDs may arrive in capitals; the database gives them back in lower case.
  const reports = outcomes.map((report) => ({
    ...report,
    interceptId: report.interceptId.toLowerCase(),
    siteId: report.siteId.toLowerCase(),
  }));
  await requireOwnSites(db, userId, reports);
  // Rows are taken in interceptId order, so two overlapping reports lock them in the same order and
  // cannot deadlock; the sort is stable, so one pause's reports keep their order (shown, then decided).
  const ordered = reports.sort((a, b) =>
    a.interceptId < b.interceptId ? -1 : a.interceptId > b.interceptId ? 1 : 0,
  );
  return db.transaction(async (tx) => {
    let recorded = 0;
    for (const report of ordered) {
      if (await applyReport(tx, userId, report, nowMs)) recorded += 1;
    }
    return { ok: true as const, recorded, duplicates: ordered.length - recorded };
  });
}

/**
 * What the pauses of the INSIGHT_DAYS days ending with `userDay` achieved, per site and in total.
 * Sessions count wherever they were started from; a running one counts the minutes passed by `nowMs`.
 */
export async function getInsights(
  db: Database,
  userId: string,
  userDay: number,
  nowMs: number,
): Promise<Insights> {
  const fromDay = weekEndingWith(userDay)[0] ?? userDay;
  const [pauses, sessions, firstDay] = await Promise.all([
    outcomesOfDays(db, userId, fromDay, userDay),
    sessionsInDayRange(db, userId, fromDay, userDay),
    firstInterceptDay(db, userId),
  ]);
  const siteIds = [...new Set([...pauses, ...sessions].map((record) => record.siteId))];
  const sites = await ownSitesById(db, userId, siteIds);
  return insightsOfWeek({
    userDay,
    pauses: pauses.map((pause) => ({ ...pause, outcome: pause.outcome as InterceptOutcome })),
    sessions,
    sites,
    firstInterceptDay: firstDay,
    nowMs,
  });
}

/**
 * The figures the server backs for the public pages (docs/funnel.md "Figures and their sources"):
 * all pauses and those turned back, past core's minimum and counted at most every
 * PAUSE_TOTALS_REFRESH_MS by this instance, and the configured store rating. One per app instance,
 * so each instance keeps its own count.
 */
export function proofFiguresOf(
  db: Database,
  config: Pick<Config, 'storeRating' | 'stores'>,
  { refreshMs = PAUSE_TOTALS_REFRESH_MS, now = Date.now }: { refreshMs?: number; now?: () => number } = {},
): () => Promise<ProofFiguresData> {
  const pauses = pauseTotalsCache(() => allPauseTotals(db), { refreshMs, now });
  const storeRating = storeRatingOf(config);
  return async () => ({ pauses: await pauses.current(), storeRating });
}
