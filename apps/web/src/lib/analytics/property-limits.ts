import { TRACKING_PROPERTY_TEXT_MAX_LENGTH, type TrackAnalyticsEventBody } from '@stillpoint/core';

type Properties = NonNullable<TrackAnalyticsEventBody['properties']>;

/** Long text (an API error's message, say) is cut to what the server stores, not refused with it. */
export function withinLimits(properties: Properties): Properties {
  return Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.slice(0, TRACKING_PROPERTY_TEXT_MAX_LENGTH) : value,
    ]),
  );
}
