import type { Acknowledged } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { BackgroundTasks } from '../../background';
import type { Database } from '../../db/client';
import type { AnalyticsForwarder, ForwardedEvent } from '../../integrations/analytics';
import { insertEvent } from './repo';

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

/** Stores a product event (with the user when signed in), then forwards it after answering. */
export async function trackEvent(
  { db, forwarder, background }: AnalyticsDependencies,
  input: { name: string; properties: ForwardedEvent['properties']; occurredAt?: number | undefined },
  user: SessionUser | null,
  nowMs: number,
): Promise<Acknowledged> {
  const row = await insertEvent(db, {
    userId: user?.id ?? null,
    name: input.name,
    properties: input.properties,
    occurredAt: eventTime(input.occurredAt, nowMs),
  });
  background.run(`forwarding analytics event ${row.id}`, () =>
    forwarder.forward({
      name: row.name,
      properties: input.properties,
      userId: row.userId,
      occurredAt: row.occurredAt,
      receivedAt: row.receivedAt,
    }),
  );
  return { ok: true };
}
