import type { FastifyBaseLogger } from 'fastify';

export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  body: string;
  sentAt: string;
}

const CAPACITY = 100;

/**
 * Development stand-in for real delivery of SMS and e-mail: keeps the last messages in memory,
 * newest first, and logs each one, so a person (or a test) can read a sign-in code or an e-mail at
 * GET /api/dev/outbox. The SMS and e-mail integrations each write to it through their own sender.
 */
export class DevOutbox {
  private readonly messages: OutboxMessage[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  record(message: Omit<OutboxMessage, 'sentAt'>): void {
    const entry = { ...message, sentAt: new Date().toISOString() };
    this.messages.unshift(entry);
    this.messages.length = Math.min(this.messages.length, CAPACITY);
    this.log.info({ outbox: entry }, `dev outbox: ${message.channel} to ${message.to}: ${message.body}`);
  }

  list(): OutboxMessage[] {
    return [...this.messages];
  }
}
