import {
  TRACKING_PROPERTY_TEXT_MAX_LENGTH,
  type TrackAnalyticsEventBody,
  trackingPaths,
} from '@stillpoint/core';
import { whenTrackingAllowed } from '../consent';
import { postTracking } from './post';

type Properties = NonNullable<TrackAnalyticsEventBody['properties']>;

/**
 * Sends one event to the server's analytics proxy (SPEC §7) as the visitor's cookie choice allows
 * (lib/consent): at once, once their country is known, or never. Every product event, scroll
 * depth and API error log comes through here.
 */
export function track(name: string, properties: Properties = {}): void {
  // The time it happened, not the time it is sent, for an event held until the country is known.
  const body: TrackAnalyticsEventBody = {
    name,
    properties: withinLimits(properties),
    occurredAt: Date.now(),
  };
  whenTrackingAllowed(() => void postTracking(trackingPaths.trackAnalyticsEvent, body));
}

/** Long text (an API error's message, say) is cut to what the server stores, not refused with it. */
function withinLimits(properties: Properties): Properties {
  return Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.slice(0, TRACKING_PROPERTY_TEXT_MAX_LENGTH) : value,
    ]),
  );
}
