import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DevOutbox } from '../dev-outbox';
import { outboxSmsSender } from './outbox';
import { fanOut, type SmsSender } from './sender';
import { twilioSmsSender } from './twilio';

export { countedSmsSender, type SmsOutcome } from './counted';
export type { SmsMessage, SmsSender } from './sender';

/**
 * Twilio when configured, the development outbox when there is one (DEV_OUTBOX), both when both
 * are on.
 */
export function createSmsSender(
  config: Pick<Config, 'auth'>,
  outbox: DevOutbox | null,
  log: FastifyBaseLogger,
): SmsSender {
  const senders: SmsSender[] = [];
  if (config.auth.twilio) senders.push(twilioSmsSender(config.auth.twilio));
  if (outbox) senders.push(outboxSmsSender(outbox));
  if (senders.length === 0) {
    // Config refuses this in production; elsewhere codes would vanish, so say where they went.
    log.warn('No SMS delivery configured (no Twilio, DEV_OUTBOX=false): phone sign-in codes are dropped.');
  }
  return fanOut(senders);
}
