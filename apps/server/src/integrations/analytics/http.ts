import type { AnalyticsForwarder } from './forwarder';

export const ANALYTICS_FORWARD_TIMEOUT_MS = 5_000;

/** POSTs each event as JSON to ANALYTICS_FORWARD_URL; a non-2xx answer or a timeout is a failure. */
export function httpAnalyticsForwarder(
  url: string,
  { timeoutMs = ANALYTICS_FORWARD_TIMEOUT_MS } = {},
): AnalyticsForwarder {
  return {
    async forward(event) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: event.name,
          properties: event.properties,
          userId: event.userId,
          occurredAt: event.occurredAt.toISOString(),
          receivedAt: event.receivedAt.toISOString(),
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`the analytics forward URL answered ${response.status}`);
    },
  };
}
