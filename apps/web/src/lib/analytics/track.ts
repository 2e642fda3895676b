import { type TrackAnalyticsEventBody, trackingPaths } from '@stillpoint/core';
import { isAnalyticsAllowed } from '../consent';
import { postTracking } from './post';

type Properties = NonNullable<TrackAnalyticsEventBody['properties']>;

/** Sends one event to the server's analytics proxy (SPEC §7), unless the visitor said no to tracking. */
export function track(name: string, properties: Properties = {}): void {
  if (!isAnalyticsAllowed()) return;
  const body: TrackAnalyticsEventBody = { name, properties, occurredAt: Date.now() };
  void postTracking(trackingPaths.trackAnalyticsEvent, body);
}
