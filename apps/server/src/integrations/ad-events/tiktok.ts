import { createHash } from 'node:crypto';
import type { AdEvent, AdEventForwarder } from './forwarder';

export const TIKTOK_FORWARD_TIMEOUT_MS = 5_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The Events API 2.0 body for one web event (`event_source_id` is the pixel code). */
export function tiktokEventBody(event: AdEvent) {
  return {
    event_source: 'web',
    event_source_id: event.pixelCode,
    data: [
      {
        event: event.event,
        event_time: Math.floor(event.eventTime.getTime() / 1000),
        event_id: event.eventId,
        // TikTok matches on hashed identifiers: the user id goes as a SHA-256 external_id.
        user: {
          ...(event.userId ? { external_id: sha256(event.userId) } : {}),
          ...(event.ip ? { ip: event.ip } : {}),
          ...(event.userAgent ? { user_agent: event.userAgent } : {}),
        },
        properties: event.properties,
      },
    ],
  };
}

/**
 * POSTs each event to TikTok's Events API with the Access-Token header. TikTok answers HTTP 200
 * with `code` 0 on success and another code (with a message) when it refuses the event; a
 * non-2xx answer, a non-zero code or no answer within the timeout is a failure.
 */
export function tiktokEventsApi(
  { accessToken, eventsUrl }: { accessToken: string; eventsUrl: string },
  { timeoutMs = TIKTOK_FORWARD_TIMEOUT_MS } = {},
): AdEventForwarder {
  return {
    async forward(event) {
      const response = await fetch(eventsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'access-token': accessToken },
        body: JSON.stringify(tiktokEventBody(event)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`TikTok's Events API answered ${response.status}`);
      const answer = parseAnswer(text);
      if (answer?.code !== 0) {
        throw new Error(
          `TikTok's Events API refused the event: ${answer?.message ?? 'no readable answer'} (code ${answer?.code ?? 'none'})`,
        );
      }
    },
  };
}

function parseAnswer(text: string): { code?: unknown; message?: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : null;
  } catch {
    return null;
  }
}
