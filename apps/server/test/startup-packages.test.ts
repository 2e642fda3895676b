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

describe('packages loaded at startup', () => {
  let t: TestApp;
  beforeAll(async () => {
    const config = testConfig();
    expect(config.payments.provider).toBe('local');
    expect(config.auth.devIdentityProvider).toBe(true);
    expect(config.redisUrl).toBeNull();
    t = await createTestApp({ email: { ...config.email, smtpUrl: 'smtp://127.0.0.1:9' } });
  });
  afterAll(async () => t?.close());

  it('leave out Stripe, the development identity provider, nodemailer and ioredis', () => {
    expect([...loaded]).toEqual([]);
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
