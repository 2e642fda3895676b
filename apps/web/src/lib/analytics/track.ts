import {
  API_PREFIX,
  apiHeaders,
  DEFAULT_API_VERSION,
  endpoints,
  type TrackAnalyticsEventBody,
} from '@stillpoint/core';
import { readAccessToken } from '../accessToken';

type Properties = NonNullable<TrackAnalyticsEventBody['properties']>;

const CONSENT_KEY = 'stillpoint.analyticsConsent';

/** Reject in the cookie banner turns tracking off (SPEC §4 cookie consent); nothing stored means on. */
export function isTrackingAllowed(): boolean {
  try {
    return globalThis.localStorage?.getItem(CONSENT_KEY) !== 'denied';
  } catch {
    return true;
  }
}

export function setTrackingConsent(granted: boolean): void {
  try {
    localStorage.setItem(CONSENT_KEY, granted ? 'granted' : 'denied');
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
}

/**
 * Sends one event to the server's analytics proxy (SPEC §7). Fire and forget: tracking never
 * slows or breaks what the person is doing, and a failure here is not reported again.
 */
export function track(name: string, properties: Properties = {}): void {
  if (!isTrackingAllowed()) return;
  void send({ name, properties, occurredAt: Date.now() });
}

async function send(body: TrackAnalyticsEventBody): Promise<void> {
  try {
    const token = await readAccessToken();
    await fetch(`${API_PREFIX}${endpoints.trackAnalyticsEvent.path}`, {
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
