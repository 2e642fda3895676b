import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/http/rate-limit';
import { localWebhookSecret } from '../src/integrations/payments/local/webhook-secret';
import type { SmsSender } from '../src/integrations/sms';
import { buildTestApp, createTestApp, type TestApp } from './support/app';
import { freshPhoneNumber, randomIp, sendOtp } from './support/auth';
import { testDatabaseKind } from './support/database';
import { deliverPaymentWebhook, deliverSignedEvent, stripeEvent } from './support/payments';

const METRICS_TOKEN = 'metrics-token-for-the-scraper-0123456789';

const scrape = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/metrics', headers });

/** The value of one series in the text format, or undefined when it is not there. */
function sampleOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  // Every sign-in code to this number fails to go out; every other one is sent.
  const unreachableNumber = freshPhoneNumber();
  const smsSender: SmsSender = {
    send: async ({ to }) => {
      if (to === unreachableNumber) throw new Error('the SMS provider is down');
    },
  };
  let t: TestApp;
  let text = '';
  beforeAll(async () => {
    t = await createTestApp({}, { smsSender });
    await t.app.inject({ method: 'GET', url: '/api/healthz' });
    // Two user ids, two unknown paths: one series each, by pattern.
    await t.app.inject({ method: 'GET', url: '/api/subscribers/user-one-4815' });
    await t.app.inject({ method: 'GET', url: '/api/subscribers/user-two-1623' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-call-4242?page=1' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-call-2323' });
    const ip = randomIp();
    for (let call = 0; call <= rateLimits.extensionExchange.max; call++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/exchangeExtensionToken',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ token: 'guess' }),
      });
    }
    expect((await sendOtp(t.app, freshPhoneNumber())).statusCode).toBe(200);
    expect((await sendOtp(t.app, unreachableNumber)).statusCode).toBe(502);
    const webhookSecret = await localWebhookSecret(t.database.db);
    await deliverPaymentWebhook(t.app, '{}', 't=1,v1=deadbeef');
    await deliverSignedEvent(
      t.app,
      webhookSecret,
      stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }),
    );
    const res = await scrape(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    text = res.body;
  });
  afterAll(() => t.close());

  it('counts and times requests by method, route pattern and status', () => {
    expect(
      sampleOf(text, 'stillpoint_http_requests_total{method="GET",route="/api/healthz",status="200"}'),
    ).toBe(1);
    expect(
      sampleOf(
        text,
        'stillpoint_http_request_duration_seconds_count{method="GET",route="/api/healthz",status="200"}',
      ),
    ).toBe(1);
    expect(
      sampleOf(
        text,
        'stillpoint_http_requests_total{method="GET",route="/api/subscribers/:userId",status="401"}',
      ),
    ).toBe(2);
  });

  it('never labels a series with a raw URL: unknown paths share one label', () => {
    expect(
      sampleOf(text, 'stillpoint_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).toBe(2);
    for (const raw of ['user-one', 'user-two', 'no-such-call', 'page=1']) expect(text).not.toContain(raw);
  });

  it('counts rate-limit refusals by route', () => {
    expect(sampleOf(text, 'stillpoint_rate_limit_refusals_total{route="/api/exchangeExtensionToken"}')).toBe(
      1,
    );
  });

  it('counts sign-in codes sent and failed', () => {
    expect(sampleOf(text, 'stillpoint_otp_sends_total{outcome="sent"}')).toBe(1);
    expect(sampleOf(text, 'stillpoint_otp_sends_total{outcome="failed"}')).toBe(1);
  });

  it('counts payment webhooks by outcome', () => {
    expect(sampleOf(text, 'stillpoint_payment_webhooks_total{outcome="refused-signature"}')).toBe(1);
    expect(sampleOf(text, 'stillpoint_payment_webhooks_total{outcome="ignored"}')).toBe(1);
  });

  it('times database queries, and shows the PostgreSQL pool', () => {
    expect(sampleOf(text, 'stillpoint_db_query_duration_seconds_count')).toBeGreaterThan(0);
    const pool = sampleOf(text, 'stillpoint_db_pool_connections');
    if (testDatabaseKind() === 'postgres') {
      expect(pool).toBeGreaterThan(0);
      expect(sampleOf(text, 'stillpoint_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'stillpoint_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(pool).toBeUndefined();
    }
  });

  it("includes the process's metrics, event-loop delay among them", () => {
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_heap_size_used_bytes');
  });

  it('counts only its own app, though tests run many in one process', async () => {
    const other = await buildTestApp(t.database);
    try {
      const otherText = (await scrape(other)).body;
      expect(otherText).not.toContain('route="/api/healthz"');
      expect(otherText).toContain('nodejs_eventloop_lag_seconds');
    } finally {
      await other.close();
    }
  });

  it('stays out of the API: not in OpenAPI, no envelope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(text).not.toContain('"success"');
  });
});

describe('GET /metrics in production', () => {
  let t: TestApp;
  let withoutToken: FastifyInstance;
  let withToken: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    const production = { appEnv: 'production', isProduction: true } as const;
    withoutToken = await buildTestApp(t.database, production);
    withToken = await buildTestApp(t.database, { ...production, metricsToken: METRICS_TOKEN });
  });
  afterAll(async () => {
    await withToken.close();
    await withoutToken.close();
    await t.close();
  });

  it('does not exist without METRICS_TOKEN: a 404', async () => {
    const res = await scrape(withoutToken, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('stillpoint_');
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: `Bearer ${METRICS_TOKEN}x` }],
    ['the token without Bearer', { authorization: METRICS_TOKEN }],
  ])('answers %s with a 401 and nothing else', async (_case, headers) => {
    const res = await scrape(withToken, headers);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body).not.toContain('stillpoint_');
  });

  it('answers the token', async () => {
    const res = await scrape(withToken, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('stillpoint_http_requests_total');
  });
});
