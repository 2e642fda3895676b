import type { FastifyBaseLogger } from 'fastify';
import type { AdEventForwarder } from './forwarder';

/**
 * Without TIKTOK_ACCESS_TOKEN (development, tests) events stay in the ad_event table only. That
 * counts as forwarded, so an event is not tried again once a token is configured later.
 */
export function localAdEventForwarder(log: FastifyBaseLogger): AdEventForwarder {
  return {
    async forward(event) {
      log.debug(
        { eventId: event.eventId, event: event.event },
        'ad event stored, not forwarded (TIKTOK_ACCESS_TOKEN is not set)',
      );
    },
  };
}
