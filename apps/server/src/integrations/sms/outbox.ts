import type { DevOutbox } from '../dev-outbox';
import type { SmsSender } from './sender';

/** Records each text in the development outbox instead of sending it. */
export const outboxSmsSender = (outbox: DevOutbox): SmsSender => ({
  send: async ({ to, body }) => outbox.record({ channel: 'sms', to, body }),
});
