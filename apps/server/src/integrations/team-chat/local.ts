import type { FastifyBaseLogger } from 'fastify';
import type { TeamChat } from './chat';

/**
 * Without FEEDBACK_WEBHOOK_URL (development, tests) feedback is written to the server log instead.
 * The log taking it counts as forwarded, so the message is not tried again.
 */
export function localTeamChat(log: FastifyBaseLogger): TeamChat {
  return {
    async post(text) {
      log.info({ text }, 'feedback received (FEEDBACK_WEBHOOK_URL is not set, so it is only logged)');
    },
  };
}
