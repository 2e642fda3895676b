import type { DevOutbox } from '../dev-outbox';
import type { EmailSender } from './sender';

/**
 * Records each e-mail in the development outbox instead of sending it. The outbox keeps one body
 * per message, so the subject is its first line, as a person reading the outbox would expect.
 */
export const outboxEmailSender = (outbox: DevOutbox): EmailSender => ({
  send: async ({ to, subject, text }) =>
    outbox.record({ channel: 'email', to, body: `${subject}\n\n${text}` }),
});
