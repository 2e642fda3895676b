import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { DevOutbox } from './dev-outbox';
import { fanOut, type SmsSender } from './sender';
import { twilioSmsSender } from './twilio';

export type { OutboxMessage } from './dev-outbox';
export { DevOutbox } from './dev-outbox';
export type { SmsMessage, SmsSender } from './sender';

export interface SmsSetup {
  smsSender: SmsSender;
  /** Present when DEV_OUTBOX is on; GET /api/dev/outbox reads it. */
  outbox: DevOutbox | null;
}

/** Twilio when configured, the development outbox when enabled, both when both are on. */
export function createSmsSetup(config: Config, log: FastifyBaseLogger): SmsSetup {
  const outbox = config.auth.devOutbox ? new DevOutbox(log) : null;
  const senders: SmsSender[] = [];
  if (config.auth.twilio) senders.push(twilioSmsSender(config.auth.twilio));
  if (outbox) senders.push(outbox.smsSender);
  if (senders.length === 0) {
    // Config refuses this in production; elsewhere codes would vanish, so say where they went.
    log.warn('No SMS delivery configured (no Twilio, DEV_OUTBOX=false): phone sign-in codes are dropped.');
  }
  return { smsSender: fanOut(senders), outbox };
}
