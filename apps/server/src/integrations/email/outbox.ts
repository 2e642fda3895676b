import type { DevOutbox } from '../dev-outbox';
import { type EmailSender, extraHeaders } from './sender';

/**
 * Records each e-mail in the development outbox instead of sending it. The outbox keeps one body
 * per message, so the subject is its first line, as a person reading the outbox would expect; the
 * extra headers (List-Unsubscribe, ...) are kept beside it, so they can be read and tested.
 */
export const outboxEmailSender = (outbox: DevOutbox): EmailSender => ({
  send: async (message) => {
    const headers = extraHeaders(message);
    outbox.record({
      channel: 'email',
      to: message.to,
      body: `${message.subject}\n\n${message.text}`,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
    });
  },
});
