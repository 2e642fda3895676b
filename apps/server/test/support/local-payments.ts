import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import {
  LocalPaymentProvider,
  type LocalProviderDeps,
} from '../../src/integrations/payments/local/local-provider';
import type { WebhookDelivery } from '../../src/integrations/payments/provider';
import { createTestApp, testConfig } from './app';

export interface DeliveredEvent {
  payload: string;
  signature: string;
  event: {
    id: string;
    type: string;
    created: number;
    data: { object: Record<string, unknown> & { id: string; object: string } };
  };
}

/**
 * Stands in for the webhook endpoint: records every signed event the local provider delivers and
 * answers 200, or what `answer` says (a failing endpoint).
 */
export function recordingDelivery() {
  const delivered: DeliveredEvent[] = [];
  let answer: () => Promise<{ status: number }> = async () => ({ status: 200 });
  const deliver: WebhookDelivery = async ({ payload, signature }) => {
    const result = await answer();
    delivered.push({ payload, signature, event: JSON.parse(payload) });
    return result;
  };
  return {
    deliver,
    delivered,
    /** Events delivered since `mark()` (all when never marked), in order. */
    since(mark = 0) {
      return delivered.slice(mark);
    },
    mark: () => delivered.length,
    types(mark = 0) {
      return delivered.slice(mark).map((entry) => entry.event.type);
    },
    answerWith(next: () => Promise<{ status: number }>) {
      answer = next;
    },
  };
}

export type Recorder = ReturnType<typeof recordingDelivery>;

export interface LocalPaymentsHarness {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** A provider on the app's database, for what the app's own API would do (customers, sessions). */
  provider: LocalPaymentProvider;
  webhooks: Recorder;
  /** Another provider on the same database, e.g. a server restarted or one with other timings. */
  otherProvider(deps?: Partial<LocalProviderDeps>): LocalPaymentProvider;
  close(): Promise<void>;
}

/**
 * The real app with the local provider, its webhooks recorded instead of sent to the app's own
 * endpoint (fulfilment is tested on its own). The provider returned shares the app's database,
 * which is where all of the local provider's state lives.
 */
export async function startLocalPayments(overrides: Partial<Config> = {}): Promise<LocalPaymentsHarness> {
  const webhooks = recordingDelivery();
  const config = testConfig(overrides);
  const test = await createTestApp(overrides, { paymentWebhookDelivery: webhooks.deliver });
  const others: LocalPaymentProvider[] = [];
  const otherProvider = (deps: Partial<LocalProviderDeps> = {}) => {
    const provider = new LocalPaymentProvider(config, {
      db: test.database.db,
      log: pino({ level: 'silent' }),
      deliver: webhooks.deliver,
      ...deps,
    });
    others.push(provider);
    return provider;
  };
  const provider = otherProvider();
  return {
    app: test.app,
    database: test.database,
    config,
    provider,
    webhooks,
    otherProvider,
    close: async () => {
      for (const other of others) await other.close();
      await test.close();
    },
  };
}

/** A form post, as a browser without script sends it. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The path and query of an absolute URL the provider handed out, for app.inject. */
export const pathOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

export const locationOf = (response: LightMyRequestResponse): string =>
  String(response.headers.location ?? '');

export const card = {
  succeeds: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
  declined: { cardNumber: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123' },
  authenticate: { cardNumber: '4000 0025 0000 3155', expiry: '12 / 34', cvc: '123' },
} as const;

const DAY = 86_400_000;

/** Roughly `days` from now; for asserting dates the provider computed. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/** Whether two instants are within a minute of each other. */
export const near = (actual: Date | null | undefined, expected: Date, toleranceMs = 60_000) =>
  actual != null && Math.abs(actual.getTime() - expected.getTime()) <= toleranceMs;
