import { type TrackAnalyticsEventBody, trackingPaths } from '@stillpoint/core';
import { whenTrackingAllowed } from '../consent/consent';
import { postTracking } from './post';

type Properties = NonNullable<TrackAnalyticsEventBody['properties']>;

/**
 * The text limit is declared beside the server's schema for this call, in a core module that
 * builds zod schemas. Loaded when an event is sent, it keeps zod out of the initial JavaScript of
 * every page that tracks something (bench/README.md, "Initial JavaScript per route").
 */
const loadPropertyLimits = () => import('./property-limits');

/**
 * Sends one event to the server's analytics proxy (SPEC §7) as the visitor's cookie choice allows
 * (lib/consent): at once, once their country is known, or never. Every product event, scroll
 * depth and API error log comes through here.
 */
export function track(name: string, properties: Properties = {}): void {
  // The time it happened, not the time it is sent, for an event held until the country is known.
  const occurredAt = Date.now();
  whenTrackingAllowed(
    () =>
      void loadPropertyLimits()
        .then(({ withinLimits }) =>
          postTracking(trackingPaths.trackAnalyticsEvent, {
            name,
            properties: withinLimits(properties),
            occurredAt,
          } satisfies TrackAnalyticsEventBody),
        )
        // Offline before the module arrived: dropped, like any event that cannot be sent.
        .catch(() => undefined),
  );
}
