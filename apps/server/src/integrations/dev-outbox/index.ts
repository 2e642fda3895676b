import type { FastifyBaseLogger } from 'fastify';
import { maskEmailAddress, maskPhoneNumber } from '../../observability/log-masking';

export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  body: string;
  /** An e-mail's extra header fields (List-Unsubscribe, ...), when it has any. */
  headers?: Record<string, string>;
  sentAt: string;
}

const CAPACITY = 100;

/**
 * Development stand-in for real delivery of SMS and e-mail: keeps the last messages in memory,
 * newest first, so a person (or a test) can read a sign-in code or an e-mail at
 * GET /api/dev/outbox. The SMS and e-mail integrations each write to it through their own sender.
 * Each message is logged without its text (a sign-in code, a gift code) and with its recipient
 * masked: logs are shipped and kept where the outbox is not.
 */
export class DevOutbox {
  private readonly messages: OutboxMessage[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  record(message: Omit<OutboxMessage, 'sentAt'>): void {
    const entry = { ...message, sentAt: new Date().toISOString() };
    this.messages.unshift(entry);
    this.messages.length = Math.min(this.messages.length, CAPACITY);
    const to = message.channel === 'sms' ? maskPhoneNumber(message.to) : maskEmailAddress(message.to);
    this.log.info(
      { outbox: { channel: message.channel, to } },
      `dev outbox: ${message.channel} to ${to} kept; read it at GET /api/dev/outbox`,
    );
  }

  list(): OutboxMessage[] {
    return [...this.messages];
  }
}
