import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DevOutbox } from '../dev-outbox';
import { outboxEmailSender } from './outbox';
import { type EmailSender, fanOut } from './sender';
import { smtpEmailSender } from './smtp';

export type { EmailMessage, EmailSender } from './sender';

/** SMTP when SMTP_URL is set, the development outbox when there is one (DEV_OUTBOX), both when both are on. */
export function createEmailSender(
  config: Pick<Config, 'email'>,
  outbox: DevOutbox | null,
  log: FastifyBaseLogger,
): EmailSender {
  const senders: EmailSender[] = [];
  if (config.email.smtpUrl)
    senders.push(smtpEmailSender({ url: config.email.smtpUrl, from: config.email.from }));
  if (outbox) senders.push(outboxEmailSender(outbox));
  if (senders.length > 0) return fanOut(senders);
  // Nothing would arrive anywhere: say so once at startup and for each message, so it is noticed.
  log.warn('No e-mail delivery configured (no SMTP_URL, DEV_OUTBOX=false): e-mails are not sent.');
  return {
    async send({ subject }) {
      log.warn({ subject }, 'e-mail not sent: no SMTP_URL is configured');
    },
  };
}
