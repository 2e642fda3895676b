import { maskPhoneNumbersIn } from '../../observability/log-masking';
import type { SmsSender } from './sender';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** Tests point this at a local server; production uses Twilio's API. */
  apiBaseUrl?: string;
  fetch?: typeof fetch;
}

export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}

// TWILIO_FROM may be a phone number or a Messaging Service (MG...), which Twilio takes in its own field.
const senderField = (from: string) => (/^MG[0-9a-f]{32}$/i.test(from) ? 'MessagingServiceSid' : 'From');

/** Twilio's Messages REST API over fetch: no SDK, one form POST per message. */
export function twilioSmsSender(options: TwilioOptions): SmsSender {
  const base = options.apiBaseUrl ?? 'https://api.twilio.com';
  const doFetch = options.fetch ?? fetch;
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send({ to, body }) {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, [senderField(options.from)]: options.from, Body: body }),
        // A hanging provider must not hold the sign-in request open indefinitely.
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        // Twilio explains itself in { code, message }; keep it for the log, never for the person.
        // Its message often quotes the number ("The 'To' number +1… is not valid"): masked for the log.
        const detail = await response.text().catch(() => '');
        throw new SmsDeliveryError(
          `Twilio refused the message (${response.status}): ${maskPhoneNumbersIn(detail.slice(0, 300))}`,
        );
      }
    },
  };
}
