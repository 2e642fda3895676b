import { loadOnFirstUse } from '../../load-on-first-use';
import { type EmailSender, extraHeaders } from './sender';

export interface SmtpOptions {
  /** A nodemailer connection URL: smtp://user:password@host:587 or smtps://…:465. */
  url: string;
  /** The From header, `Name <address>` or a bare address. */
  from: string;
  /** How long to wait for the connection, the greeting and each reply. */
  timeoutMs?: number;
}

export class EmailDeliveryError extends Error {
  override name = 'EmailDeliveryError';
}

/**
 * Sends through an SMTP server with nodemailer, one connection per message: Stillpoint sends a
 * few confirmations, not bulk mail, so there is no pool to keep alive or close. The timeouts are
 * far below nodemailer's defaults (minutes), so a silent server cannot hold a send for long.
 * nodemailer loads with the first message, not at startup.
 */
export function smtpEmailSender({ url, from, timeoutMs = 10_000 }: SmtpOptions): EmailSender {
  const transport = loadOnFirstUse(async () => {
    const { createTransport } = await import('nodemailer');
    return createTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
  });
  return {
    async send(message) {
      const { to, subject, text, html } = message;
      const headers = extraHeaders(message);
      const info = await (await transport()).sendMail({
        from,
        to,
        subject,
        text,
        ...(html ? { html } : {}),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
      });
      // A server may accept the message but refuse the one recipient; that is not a delivery.
      if (info.rejected.length > 0) {
        throw new EmailDeliveryError(`The SMTP server refused the recipient: ${String(info.response)}`);
      }
    },
  };
}
