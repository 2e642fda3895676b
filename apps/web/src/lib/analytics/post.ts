import { API_PREFIX, apiHeaders, DEFAULT_API_VERSION, trackingPaths } from '@stillpoint/core';
import { readAccessToken } from '../access-token';
import { areAdEventsAllowed, isAnalyticsAllowed } from '../consent/consent';

/**
 * POSTs one tracking call (analytics, ad events, error reports, which follow analytics' consent). Fire and forget: tracking never slows or breaks
 * what the person is doing, and a failure here is not reported again.
 */
export async function postTracking(path: string, body: unknown): Promise<void> {
  try {
    const token = await readAccessToken();
    // A last look after the wait for the token: a Reject given meanwhile still stops this one.
    const allowed = path === trackingPaths.trackTikTokEvent ? areAdEventsAllowed() : isAnalyticsAllowed();
    if (!allowed) return;
    await fetch(`${API_PREFIX}${path}`, {
      method: 'POST',
      // keepalive lets events sent while leaving a page (closing the breathe tab) still arrive.
      keepalive: true,
      headers: {
        'Content-Type': 'application/json',
        [apiHeaders.version]: DEFAULT_API_VERSION,
        [apiHeaders.platform]: 'WebApp',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    // Offline or blocked by a content blocker: drop the event.
  }
}
