import type { FastifyBaseLogger } from 'fastify';
import type { WebhookDelivery } from '../provider';
import { signWebhookPayload } from '../webhook-signature';
import { newId } from './ids';
import type { EventObject, Seconds, StripeEventObject } from './objects';
import type { LocalStore } from './store';

/** The events one operation causes, in the order Stripe would send them. */
export class EventRecorder {
  readonly events: StripeEventObject[] = [];

  constructor(
    private readonly now: Seconds,
    /** The SDK's pinned version, which Stripe's own events carry too. */
    private readonly apiVersion: string,
  ) {}

  /** Snapshots the object as it is now, as Stripe's event payloads do. */
  emit(type: string, object: EventObject): void {
    this.events.push({
      id: newId('evt'),
      object: 'event',
      api_version: this.apiVersion,
      created: this.now,
      type,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
  }
}

/** Stripe retries for days; locally a few minutes of backoff, then once a minute with the clock. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000];
/** How long an undelivered event keeps being sent again. */
const RESEND_FOR: Seconds = 3 * 86_400;
/** One attempt that hangs must not hold up the events behind it. */
const ATTEMPT_TIMEOUT_MS = 10_000;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

export interface OutboxOptions {
  deliver: WebhookDelivery;
  /** The signing secret, read from the database once it is first needed. */
  secret: () => Promise<string>;
  store: LocalStore;
  log: FastifyBaseLogger;
  retryDelaysMs?: readonly number[];
}

/**
 * Sends stored events to the webhook, signed with Stripe's scheme, one at a time in the order they
 * happened. An event is done when the endpoint answers 2xx (its stored `pending_webhooks` drops to
 * 0); a failure is logged and retried with backoff in the background.
 */
export class EventOutbox {
  private queue: Promise<void> = Promise.resolve();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Events waiting for, or in, an attempt; the periodic sweep leaves them alone. */
  private readonly inFlight = new Set<string>();
  private closed = false;
  private readonly retryDelaysMs: readonly number[];

  constructor(private readonly options: OutboxOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  /** Queues the events; resolves once each has had its first attempt. */
  send(events: readonly StripeEventObject[]): Promise<void> {
    const fresh = events.filter((event) => !this.inFlight.has(event.id));
    for (const event of fresh) this.inFlight.add(event.id);
    const run = this.queue.then(async () => {
      for (const event of fresh) await this.attempt(event, 1);
    });
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * What page actions use: the person comes back to an app that already knows, unless the webhook
   * is slow, in which case delivery carries on behind the redirect.
   */
  async sendAndWait(events: readonly StripeEventObject[], timeoutMs: number): Promise<void> {
    if (events.length === 0) return;
    await Promise.race([this.send(events), sleep(timeoutMs)]);
  }

  /**
   * Events left undelivered (the server stopped, or retries ran out) go again, for up to three
   * days as Stripe does. Only those older than a minute: a newer one is still on its way from the
   * operation that made it.
   */
  async resendUndelivered(nowSeconds: Seconds): Promise<void> {
    if (this.closed) return;
    const pending = await this.options.store.listUndeliveredEvents();
    await this.send(
      pending.filter((event) => event.created <= nowSeconds - 60 && event.created > nowSeconds - RESEND_FOR),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.race([this.queue, sleep(5_000)]);
  }

  private async attempt(event: StripeEventObject, attempt: number): Promise<void> {
    if (this.closed) return;
    const payload = JSON.stringify(event);
    let failure: string;
    try {
      const signature = await signWebhookPayload(payload, await this.options.secret());
      const { status } = await Promise.race([
        this.options.deliver({ payload, signature }),
        sleep(ATTEMPT_TIMEOUT_MS).then(() => {
          throw new Error(`no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`);
        }),
      ]);
      if (status >= 200 && status < 300) {
        this.inFlight.delete(event.id);
        await this.options.store.put({ ...event, pending_webhooks: 0 }).catch((error: unknown) => {
          // Delivered all the same; at worst the sweep sends it once more, which fulfilment ignores.
          this.options.log.warn(
            { err: error, eventId: event.id },
            'local payment provider: could not mark an event delivered',
          );
        });
        return;
      }
      failure = `the webhook answered ${status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    this.retryLater(event, attempt, failure);
  }

  private retryLater(event: StripeEventObject, attempt: number, failure: string): void {
    const delay = this.retryDelaysMs[attempt - 1];
    const context = { eventId: event.id, type: event.type, attempt, failure };
    if (delay === undefined || this.closed) {
      // Left pending in the store; the provider's periodic sweep sends it again.
      this.inFlight.delete(event.id);
      this.options.log.error(
        context,
        'local payment provider: webhook delivery failed; will retry with the clock',
      );
      return;
    }
    this.options.log.warn(
      { ...context, retryInMs: delay },
      'local payment provider: webhook delivery failed',
    );
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.queue.then(() => this.attempt(event, attempt + 1));
      this.queue = run.catch(() => {});
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}
