import type { Acknowledged } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { BackgroundTasks } from '../../background';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import {
  type ForwardedRows,
  type ForwardingKind,
  forwardAfterAnswer,
  retryDue,
} from '../../forwarding/retry';
import type { AdEvent, AdEventForwarder } from '../../integrations/ad-events';
import {
  type AdEventRow,
  adEventForwardingBacklog,
  claimDueAdEvents,
  insertAdEvent,
  recordAdEventForward,
} from './repo';

/** An event may be sent late (a retry, a slow network), but not later than this. */
export const OLDEST_AD_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A client clock may run fast; up to this far ahead the event is recorded as happening now. */
export const AD_EVENT_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/** When the event happened (epoch seconds from the client), checked against the server's clock. */
export function adEventTime(eventTimeSeconds: number, nowMs: number): Date {
  const eventMs = eventTimeSeconds * 1000;
  if (eventMs < nowMs - OLDEST_AD_EVENT_AGE_MS) {
    throw new AppError('BAD_REQUEST', 'eventTime is more than 7 days ago; send events as they happen.');
  }
  if (eventMs > nowMs + AD_EVENT_CLOCK_SKEW_MS) {
    throw new AppError('BAD_REQUEST', 'eventTime is more than a day in the future.');
  }
  return new Date(Math.min(eventMs, nowMs));
}

export interface AdEventsDependencies {
  db: Database;
  forwarder: AdEventForwarder;
  background: BackgroundTasks;
}

export interface TrackAdEventInput {
  event: string;
  eventId: string;
  properties: AdEvent['properties'];
  eventTime: number;
  pixelCode: string;
}

/** Who sent the event, for the platform's matching: passed on to it, never stored. */
export interface AdEventCaller {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Stores a funnel conversion event (with the user when signed in) once per eventId, then forwards
 * it after answering. A repeated eventId is acknowledged and neither stored nor forwarded again; a
 * failed forward is recorded on the row and the forwarding job tries again (docs/forwarding.md).
 */
export async function trackAdEvent(
  deps: AdEventsDependencies,
  input: TrackAdEventInput,
  user: SessionUser | null,
  caller: AdEventCaller,
  nowMs: number,
): Promise<Acknowledged> {
  const row = await insertAdEvent(deps.db, {
    eventId: input.eventId,
    event: input.event,
    properties: input.properties,
    eventTime: adEventTime(input.eventTime, nowMs),
    pixelCode: input.pixelCode,
    userId: user?.id ?? null,
  });
  if (!row) return { ok: true };
  forwardAfterAnswer(deps.background, `forwarding ad event ${row.eventId}`, adEventRows(deps, caller), row);
  return { ok: true };
}

/**
 * Ad events as the forwarding steps see them: the repo's SQL and the forwarder. The caller's
 * address and browser are known only while answering them; a retry goes without.
 */
function adEventRows(
  { db, forwarder }: Pick<AdEventsDependencies, 'db' | 'forwarder'>,
  caller: AdEventCaller = { ip: null, userAgent: null },
): ForwardedRows<AdEventRow> {
  return {
    claimDue: (claim) => claimDueAdEvents(db, claim),
    send: (row) =>
      forwarder.forward({
        event: row.event,
        eventId: row.eventId,
        properties: row.properties,
        eventTime: row.eventTime,
        pixelCode: row.pixelCode,
        userId: row.userId,
        ...caller,
      }),
    record: (row, result) => recordAdEventForward(db, row.eventId, result),
  };
}

/** The forwarding job's view of ad events: retry the events the ad platform has not taken. */
export function adEventForwarding(deps: Pick<AdEventsDependencies, 'db' | 'forwarder'>): ForwardingKind {
  const rows = adEventRows(deps);
  return {
    retryDue: (run) => retryDue(rows, run),
    backlog: () => adEventForwardingBacklog(deps.db),
  };
}
