import { epochSeconds, type TrackTikTokEventBody, trackingPaths } from '@stillpoint/core';
import { whenTrackingAllowed } from '../consent/consent';
import { env } from '../env';
import { postTracking } from './post';

type Properties = TrackTikTokEventBody['properties'];

/**
 * Tells TikTok of a funnel milestone through the server (SPEC §7 trackTikTokEvent), when this
 * build has a pixel and as the visitor's cookie choice allows (lib/consent): at once, once their
 * country is known, or never. Each call is one event: its id lets the server keep it once however
 * often it arrives.
 */
export function trackAdEvent(event: string, properties: Properties = {}): void {
  const pixelCode = env.tiktokPixelCode;
  if (!pixelCode) return;
  const body: TrackTikTokEventBody = {
    event,
    eventId: crypto.randomUUID(),
    properties,
    eventTime: epochSeconds(new Date()),
    pixelCode,
  };
  whenTrackingAllowed(() => void postTracking(trackingPaths.trackTikTokEvent, body));
}
