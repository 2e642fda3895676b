import { createHash } from 'node:crypto';
import {
  type BrowserSiteSession,
  DAY_MS,
  epochSeconds,
  INSIGHT_DAYS,
  type InterceptOutcomeReport,
  isTurnedBack,
  MINUTE_MS,
} from '@stillpoint/core';
import type { Database } from '../db/client';
import { reportInterceptOutcomes } from '../modules/insights/service';
import { type OwnedSite, ownSitesById, sessionsInDayRange } from '../modules/sites/service';
import { startSession } from '../modules/sites/sessions';

export interface InsightsSeedInput {
  userId: string;
  /** The demo person's sites; pauses go to the live, switched-on ones (the others intercept nothing). */
  siteIds: string[];
  /** The demo person's today, and the zone it was computed in (getTimezoneOffset minutes). */
  today: number;
  timezoneOffsetMinutes: number;
  now: Date;
}

export interface InsightsSeedSummary {
  pauses: number;
  turnedBack: number;
  sessions: number;
}

const HOUR_MS = 60 * MINUTE_MS;

/** One pause of the demo week and what the person chose there. */
interface DemoPause {
  id: string;
  site: OwnedSite;
  shownAtMs: number;
  /** When the person chose; a session starts then. */
  decidedAtMs: number;
  decision:
    | { outcome: 'nevermind' | 'left' }
    | { outcome: 'session'; lengthMs: number; sessionId: string | null };
}

/** A stable number from the day and a label: the week looks lived-in yet comes out the same each run. */
const roll = (...parts: (string | number)[]): number =>
  Number.parseInt(createHash('sha256').update(parts.join(':')).digest('hex').slice(0, 8), 16);

/** A stable UUID (RFC 9562 version 8), so running the seed again the same day doubles nothing. */
function seedUuid(...parts: (string | number)[]): string {
  const hex = createHash('sha256')
    .update(`stillpoint-demo-insights:${parts.join(':')}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Evenly through the waking hours of the day, never after now (today may be young). */
function pauseTimes(count: number, day: number, input: InsightsSeedInput): number[] {
  const midnight = day * DAY_MS + input.timezoneOffsetMinutes * MINUTE_MS;
  const latest = Math.min(midnight + 22 * HOUR_MS, input.now.getTime() - 2 * MINUTE_MS);
  const earliest = Math.min(midnight + 8 * HOUR_MS, latest);
  if (latest < midnight) return [];
  return Array.from({ length: count }, (_, index) =>
    Math.round(earliest + ((latest - earliest) * (index + 0.5)) / count),
  );
}

/**
 * A past day: 3–7 pauses spread over the sites, 35–50% of them turned back, the rest sessions of
 * 5–15 minutes while the site's budget lasts (a pause past it ends in "nevermind").
 */
function pastDay(day: number, sites: OwnedSite[], input: InsightsSeedInput): DemoPause[] {
  const count = 3 + (roll(day, 'pauses') % 5);
  const turnedBack = Math.round((count * (35 + (roll(day, 'share') % 16))) / 100);
  const backIndexes = new Set(
    Array.from({ length: count }, (_, index) => index)
      .sort((a, b) => roll(day, 'back', a) - roll(day, 'back', b))
      .slice(0, turnedBack),
  );
  const used = new Map<string, number>();
  return pauseTimes(count, day, input).map((shownAtMs, index): DemoPause => {
    const site = sites[(index + day) % sites.length] as OwnedSite;
    const id = seedUuid(input.userId, site.id, day, index);
    // Some pauses are read to the end, some are decided at once.
    const decidedAtMs = shownAtMs + 15_000 + (roll(day, 'think', index) % 45_000);
    const sessionsSoFar = used.get(site.id) ?? 0;
    if (backIndexes.has(index) || sessionsSoFar >= site.budget) {
      const outcome = roll(day, 'left', index) % 4 === 0 ? 'left' : 'nevermind';
      return { id, site, shownAtMs, decidedAtMs, decision: { outcome } };
    }
    used.set(site.id, sessionsSoFar + 1);
    const lengthMs = (5 + (roll(day, 'length', index) % 11)) * MINUTE_MS;
    const sessionId = seedUuid(input.userId, site.id, day, index, 'session');
    return { id, site, shownAtMs, decidedAtMs, decision: { outcome: 'session', lengthMs, sessionId } };
  });
}

/**
 * Today: the sessions already started today each came from a pause just before them, and a few
 * pauses ended in turning back. No session is started here, so today's budgets stay as they were.
 */
function today(sessions: BrowserSiteSession[], sites: OwnedSite[], input: InsightsSeedInput): DemoPause[] {
  const day = input.today;
  const fromPauses = sessions.flatMap((session, index): DemoPause[] => {
    const site = sites.find((candidate) => candidate.id === session.siteId);
    if (!site) return [];
    const decidedAtMs = session.timeStarted * 1000;
    const decision = { outcome: 'session' as const, lengthMs: session.lengthInMilliseconds, sessionId: null };
    const id = seedUuid(input.userId, site.id, day, 'session', index);
    return [{ id, site, shownAtMs: decidedAtMs - 40_000, decidedAtMs, decision }];
  });
  const turnedBack = fromPauses.length === 0 ? 2 : Math.max(1, Math.round(fromPauses.length * 0.75));
  const backPauses = pauseTimes(turnedBack, day, input).map((shownAtMs, index): DemoPause => {
    const site = sites[(index + day) % sites.length] as OwnedSite;
    const outcome = roll(day, 'left', index) % 4 === 0 ? 'left' : 'nevermind';
    const id = seedUuid(input.userId, site.id, day, 'back', index);
    return { id, site, shownAtMs, decidedAtMs: shownAtMs + 30_000, decision: { outcome } };
  });
  return [...fromPauses, ...backPauses];
}

/** The two reports the breathe page sends for a pause: when it was shown, and the choice. */
function reportsOf(pause: DemoPause, day: number): InterceptOutcomeReport[] {
  const base = { interceptId: pause.id, siteId: pause.site.id, userDay: day };
  const { decision, decidedAtMs: decidedAt } = pause;
  return [
    { ...base, outcome: 'shown', occurredAt: pause.shownAtMs },
    decision.outcome === 'session'
      ? { ...base, outcome: 'session', sessionLengthInMilliseconds: decision.lengthMs, occurredAt: decidedAt }
      : { ...base, outcome: decision.outcome, occurredAt: decidedAt },
  ];
}

/**
 * A believable week of pauses for the demo person, ending today: every day but one has pauses on
 * their sites, some turned back and some ending in a session, written through the same services
 * the API uses. Run it after today's demo sessions exist; running it again changes nothing.
 */
export async function seedInsightsWeek(db: Database, input: InsightsSeedInput): Promise<InsightsSeedSummary> {
  const sites = (await ownSitesById(db, input.userId, input.siteIds)).filter(
    (site) => site.active && !site.archived,
  );
  const summary: InsightsSeedSummary = { pauses: 0, turnedBack: 0, sessions: 0 };
  if (sites.length === 0) return summary;
  const firstDay = input.today - (INSIGHT_DAYS - 1);
  // One quiet day among the six before today, so the week shows what an empty day looks like.
  const quietDay =
    input.today - 1 - (((input.today % (INSIGHT_DAYS - 1)) + INSIGHT_DAYS - 1) % (INSIGHT_DAYS - 1));
  const todaysSessions = await sessionsInDayRange(db, input.userId, input.today, input.today);
  const nowMs = input.now.getTime();

  for (let day = firstDay; day <= input.today; day += 1) {
    if (day === quietDay) continue;
    const pauses = day === input.today ? today(todaysSessions, sites, input) : pastDay(day, sites, input);
    for (const pause of pauses) {
      const { decision } = pause;
      if (decision.outcome !== 'session' || decision.sessionId === null) continue;
      await startSession(
        db,
        input.userId,
        {
          id: decision.sessionId,
          siteId: pause.site.id,
          lengthInMilliseconds: decision.lengthMs,
          timeStarted: epochSeconds(new Date(pause.decidedAtMs)),
          userDay: day,
        },
        nowMs,
      );
    }
    const reports = pauses.flatMap((pause) => reportsOf(pause, day));
    if (reports.length > 0) await reportInterceptOutcomes(db, input.userId, reports, nowMs);
    summary.pauses += pauses.length;
    summary.turnedBack += pauses.filter((pause) => isTurnedBack(pause.decision.outcome)).length;
    summary.sessions += pauses.filter((pause) => pause.decision.outcome === 'session').length;
  }
  return summary;
}
