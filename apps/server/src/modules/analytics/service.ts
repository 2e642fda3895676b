import type { Acknowledged } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { BackgroundTasks } from '../../background';
import type { Database } from '../../db/client';
import {
  type ForwardedRows,
  type ForwardingKind,
  forwardAfterAnswer,
  retryDue,
} from '../../forwarding/retry';
import type { AnalyticsForwarder, ForwardedEvent } from '../../integrations/analytics';
import {
  type AnalyticsEventRow,
  claimDueEvents,
  eventForwardingBacklog,
  insertEvent,
  recordEventForward,
} from './repo';

/** Events queued offline may arrive late; anything older than this is recorded as this old. */
export const OLDEST_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * When the event happened, as the client says (epoch ms), kept within sane bounds: never after the
 * server received it (a fast clock) and never more than a week before. No time means now.
 */
export function eventTime(occurredAtMs: number | undefined, nowMs: number): Date {
  if (occurredAtMs === undefined) return new Date(nowMs);
  return new Date(Math.min(nowMs, Math.max(nowMs - OLDEST_EVENT_AGE_MS, occurredAtMs)));
}

export interface AnalyticsDependencies {
  db: Database;
  forwarder: AnalyticsForwarder;
  background: BackgroundTasks;
}

/**
 * Stores a product event (with the user when signed in), then forwards it after answering. A
 * failed forward is recorded on the row and the forwarding job tries again (docs/forwarding.md).
 */
export async function trackEvent(
  deps: AnalyticsDependencies,
  input: { name: string; properties: ForwardedEvent['properties']; occurredAt?: number | undefined },
  user: SessionUser | null,
  nowMs: number,
): Promise<Acknowledged> {
  const row = await insertEvent(deps.db, {
    userId: user?.id ?? null,
    name: input.name,
    properties: input.properties,
    occurredAt: eventTime(input.occurredAt, nowMs),
  });
  forwardAfterAnswer(deps.background, `forwarding analytics event ${row.id}`, eventRows(deps), row);
  return { ok: true };
}

/** Analytics events as the forwarding steps see them: the repo's SQL and the forwarder. */
function eventRows({
  db,
  forwarder,
}: Pick<AnalyticsDependencies, 'db' | 'forwarder'>): ForwardedRows<AnalyticsEventRow> {
  return {
    claimDue: (claim) => claimDueEvents(db, claim),
    send: (row) =>
      forwarder.forward({
        name: row.name,
        // Stored only after trackAnalyticsEvent's schema allowed them: flat text, numbers, booleans.
        properties: row.properties as ForwardedEvent['properties'],
        userId: row.userId,
        occurredAt: row.occurredAt,
        receivedAt: row.receivedAt,
      }),
    record: (row, result) => recordEventForward(db, row.id, result),
  };
}

/** The forwarding job's view of analytics: retry the events the analytics service has not taken. */
export function analyticsForwarding(deps: Pick<AnalyticsDependencies, 'db' | 'forwarder'>): ForwardingKind {
  const rows = eventRows(deps);
  return {
    retryDue: (run) => retryDue(rows, run),
    backlog: () => eventForwardingBacklog(deps.db),
  };
}
