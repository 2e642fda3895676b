import type { Acknowledged } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { BackgroundTasks } from '../../background';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { AdEvent, AdEventForwarder } from '../../integrations/ad-events';
import { insertAdEvent, markForwarded } from './repo';

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
 * failed forward leaves the row with forwarded_at null (logged by the background runner).
 */
export async function trackAdEvent(
  { db, forwarder, background }: AdEventsDependencies,
  input: TrackAdEventInput,
  user: SessionUser | null,
  caller: AdEventCaller,
  nowMs: number,
): Promise<Acknowledged> {
  const row = await insertAdEvent(db, {
    eventId: input.eventId,
    event: input.event,
    properties: input.properties,
    eventTime: adEventTime(input.eventTime, nowMs),
    pixelCode: input.pixelCode,
    userId: user?.id ?? null,
  });
  if (!row) return { ok: true };
  background.run(`forwarding ad event ${row.eventId}`, async () => {
    const { delivered } = await forwarder.forward({
      event: row.event,
      eventId: row.eventId,
      properties: input.properties,
      eventTime: row.eventTime,
      pixelCode: row.pixelCode,
      userId: row.userId,
      ...caller,
    });
    if (delivered) await markForwarded(db, row.eventId);
  });
  return { ok: true };
}
