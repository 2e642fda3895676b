import { MAX_SESSION_LENGTH_MS } from '../constants/limits';
import { MINUTE_MS } from './time';

/** The part of a session (SPEC §3) the timing rules need: epoch seconds and a length in ms. */
export interface SessionTiming {
  timeStarted: number;
  lengthInMilliseconds: number;
}

export const sessionStartedAtMs = (session: SessionTiming): number => session.timeStarted * 1000;

export const sessionEndsAtMs = (session: SessionTiming): number =>
  sessionStartedAtMs(session) + session.lengthInMilliseconds;

/** A session is active until its end; at the end instant it is over and the site list reloads. */
export const isSessionActive = (session: SessionTiming, nowMs: number): boolean =>
  nowMs < sessionEndsAtMs(session);

/** 'session ends in N mins': whole minutes rounded up, so the last seconds still read 1. */
export const remainingMinutes = (session: SessionTiming, nowMs: number): number =>
  minutesUntil(sessionEndsAtMs(session), nowMs);

/**
 * The running session that ends last, if any: the one a site card counts down and the one that
 * decides until when the extension lets a site through.
 */
export function latestRunningSession<S extends SessionTiming>(
  sessions: readonly S[],
  nowMs: number,
): S | undefined {
  let latest: S | undefined;
  for (const session of sessions) {
    if (!isSessionActive(session, nowMs)) continue;
    if (latest === undefined || sessionEndsAtMs(session) > sessionEndsAtMs(latest)) latest = session;
  }
  return latest;
}

/** Whole minutes left until an end instant (epoch ms), rounded up like remainingMinutes. */
export const minutesUntil = (endMs: number, nowMs: number): number =>
  Math.max(0, Math.ceil((endMs - nowMs) / MINUTE_MS));

/** How much of the session has passed, 0..100. A zero-length session is complete. */
export function progressPercent(session: SessionTiming, nowMs: number): number {
  if (session.lengthInMilliseconds <= 0) return 100;
  const percent = ((nowMs - sessionStartedAtMs(session)) / session.lengthInMilliseconds) * 100;
  return Math.min(100, Math.max(0, percent));
}

/** Sessions the user may still start today; never negative even if the budget was lowered. */
export function sessionsLeftToday(budget: number, todaysSessions: number | readonly unknown[]): number {
  const used = typeof todaysSessions === 'number' ? todaysSessions : todaysSessions.length;
  return Math.max(0, budget - used);
}

/** A session counts against the budget of the userDay it started on, whatever the clock says now. */
export const isSessionOnDay = (session: { userDay: number }, day: number): boolean => session.userDay === day;

/** Whether one more session may start on a day that already has `used` sessions. */
export const hasSessionsLeft = (budget: number, used: number | readonly unknown[]): boolean =>
  sessionsLeftToday(budget, used) > 0;

/**
 * Clocks drift, so a session may say it starts a little after the server's now; one further
 * ahead than this would stay "active" long past its real end, and is refused.
 */
export const SESSION_START_MAX_AHEAD_MS = 5 * MINUTE_MS;

export const startsTooFarAhead = (session: SessionTiming, nowMs: number): boolean =>
  sessionStartedAtMs(session) - nowMs > SESSION_START_MAX_AHEAD_MS;

/**
 * The earliest timeStarted (epoch seconds) a session still active at `nowMs` can have, given that
 * sessions last at most MAX_SESSION_LENGTH_MS: lets storage look only at recent sessions.
 */
export const earliestActiveSessionStart = (nowMs: number): number =>
  Math.floor((nowMs - MAX_SESSION_LENGTH_MS) / 1000);
