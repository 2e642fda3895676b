import http from 'node:http';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devIdpPath } from '../src/auth/identity-providers/stand-in-clients';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { deliverPaymentWebhook } from './support/payments';

// Packages a start never needs load on first use (bench/README.md, "Embedded database: startup").
// Each mock only records that the package was imported, then hands over the real one.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('stripe', async (real) => {
  loaded.add('stripe');
  return real();
});
vi.mock('oidc-provider', async (real) => {
  loaded.add('oidc-provider');
  return real();
});
vi.mock('nodemailer', async (real) => {
  loaded.add('nodemailer');
  return real();
});
vi.mock('ioredis', async (real) => {
  loaded.add('ioredis');
  return real();
});
// Sentry and OpenTelemetry: only when SENTRY_DSN or OTEL_EXPORTER_OTLP_ENDPOINT is set (the web app's
// pages load Sentry's browser SDK themselves, and only when SENTRY_BROWSER_DSN is set).
vi.mock('@sentry/node', async (real) => {
  loaded.add('@sentry/node');
  return real();
});
vi.mock('@opentelemetry/sdk-node', async (real) => {
  loaded.add('@opentelemetry/sdk-node');
  return real();
});
vi.mock('@opentelemetry/exporter-trace-otlp-http', async (real) => {
  loaded.add('@opentelemetry/exporter-trace-otlp-http');
  return real();
});
vi.mock('@opentelemetry/instrumentation-http', async (real) => {
  loaded.add('@opentelemetry/instrumentation-http');
  return real();
});
vi.mock('@fastify/otel', async (real) => {
  loaded.add('@fastify/otel');
  return real();
});

describe('packages loaded at startup', () => {
  let t: TestApp;
  const outgoing: { mock: { calls: unknown[] } }[] = [];
  beforeAll(async () => {
    const config = testConfig();
    expect(config.payments.provider).toBe('local');
    expect(config.auth.devIdentityProvider).toBe(true);
    expect(config.redisUrl).toBeNull();
    expect(config.outsideObservability).toEqual({
      sentryDsn: null,
      otlpEndpoint: null,
      sentryBrowserDsn: null,
    });
    // Every way out of the process a Sentry or OTLP client would take.
    outgoing.push(vi.spyOn(http, 'request'), vi.spyOn(https, 'request'), vi.spyOn(globalThis, 'fetch'));
    t = await createTestApp({ email: { ...config.email, smtpUrl: 'smtp://127.0.0.1:9' } });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  it('leave out Stripe, the development identity provider, nodemailer, ioredis, Sentry and OpenTelemetry', () => {
    expect([...loaded]).toEqual([]);
  });

  it('send nothing out of the machine, not even for a failing request', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/reportClientError', payload: {} })).statusCode,
    ).toBe(400);
    for (const spy of outgoing) expect(spy).not.toHaveBeenCalled();
  });

  it('load the identity provider with its first request', async () => {
    const discovery = `${devIdpPath({ name: 'google', label: 'Google', providerId: 'dev-google' })}/.well-known/openid-configuration`;
    const [first, second] = await Promise.all([
      t.app.inject({ method: 'GET', url: discovery }),
      t.app.inject({ method: 'GET', url: discovery }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().issuer).toBe(second.json().issuer);
    expect(loaded.has('oidc-provider')).toBe(true);
  });

  it("load Stripe's SDK with the first payment webhook, which is still verified", async () => {
    const res = await deliverPaymentWebhook(t.app, '{}', 't=1,v1=deadbeef');
    expect(res.statusCode).toBe(400);
    expect(loaded.has('stripe')).toBe(true);
  });
});
