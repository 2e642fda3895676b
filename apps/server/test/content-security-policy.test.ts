import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { contentSecurityPolicy } from '../src/http/content-security-policy';
import { createTestApp, type TestApp, testConfig } from './support/app';

const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_3DS = 'https://hooks.stripe.com';
const STRIPE_API = 'https://api.stripe.com';

/** The test configuration with Stripe taking the payments (nothing here calls Stripe). */
const withStripe = (base: Config = testConfig()): Config => ({
  ...base,
  payments: {
    provider: 'stripe',
    secretKey: 'sk_test_csp',
    publishableKey: 'pk_test_csp',
    webhookSecret: 'whsec_csp',
    portalConfigurationId: null,
    sandbox: true,
  },
});

describe('the Content-Security-Policy', () => {
  it('allows scripts and frames from this origin only without a bot check', () => {
    const policy = contentSecurityPolicy(testConfig());
    expect(policy.scriptSrc).toEqual(["'self'"]);
    expect(policy.frameSrc).toEqual(["'self'"]);
    expect(policy.frameAncestors).toEqual(["'none'"]);
  });

  it("lets the configured bot-check provider's widget load, and no other provider", () => {
    const base = testConfig();
    const policy = contentSecurityPolicy({
      ...base,
      auth: {
        ...base.auth,
        captcha: { provider: 'cloudflare-turnstile', secretKey: 'secret', siteKey: 'site' },
      },
    });
    expect(policy.scriptSrc).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(policy.frameSrc).toContain('https://challenges.cloudflare.com');
    expect(policy.scriptSrc?.join(' ')).not.toContain('hcaptcha');
  });

  it('lets Stripe load on payment pages when Stripe takes the payments', () => {
    const policy = contentSecurityPolicy(withStripe(), { paymentPage: true });
    expect(policy.scriptSrc).toEqual(["'self'", STRIPE_SCRIPT, 'https://*.js.stripe.com']);
    expect(policy.frameSrc).toEqual(["'self'", STRIPE_SCRIPT, 'https://*.js.stripe.com', STRIPE_3DS]);
    expect(policy.connectSrc).toEqual(["'self'", STRIPE_API]);
    expect(policy.imgSrc).toContain('https:');
    expect(policy.frameAncestors).toEqual(["'none'"]);
  });

  it('keeps Stripe out of every other page, and out of payment pages with the local provider', () => {
    const noStripe = (policy: Record<string, string[]>) =>
      expect(JSON.stringify(policy)).not.toContain('stripe');
    noStripe(contentSecurityPolicy(withStripe()));
    noStripe(contentSecurityPolicy(withStripe(), { paymentPage: false }));
    noStripe(contentSecurityPolicy(testConfig(), { paymentPage: true }));
    expect(contentSecurityPolicy(testConfig(), { paymentPage: true })).toEqual(
      contentSecurityPolicy(testConfig()),
    );
  });
});

describe('the policy each page of the web app is served with', () => {
  let webDistDir: string;
  let stripe: TestApp;
  let local: TestApp;
  beforeAll(async () => {
    // A stand-in for the web build: the server serves index.html for every page path.
    webDistDir = mkdtempSync(join(tmpdir(), 'stillpoint-web-'));
    writeFileSync(
      join(webDistDir, 'index.html'),
      '<!doctype html><title>Stillpoint</title><div id="root"></div>',
    );
    stripe = await createTestApp({ ...withStripe(), webDistDir });
    local = await createTestApp({ webDistDir });
  });
  afterAll(async () => {
    await stripe.close();
    await local.close();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  const policyOf = async (t: TestApp, url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    // One policy, not the app's and the page's together (browsers would enforce both).
    const policy = res.headers['content-security-policy'];
    expect(typeof policy).toBe('string');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    return String(policy);
  };

  it.each([
    '/webcheckout',
    '/webcheckout?pid=price_1&uid=abc',
    '/getting-started',
    '/getting-started/',
    '/WebCheckout',
  ])('allows Stripe on %s with Stripe', async (url) => {
    const policy = await policyOf(stripe, url);
    expect(policy).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com \S+ https:\/\/hooks\.stripe\.com/);
    expect(policy).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it.each(['/', '/subscription', '/signin', '/gift', '/checkout'])(
    'keeps Stripe out of %s with Stripe',
    async (url) => {
      const policy = await policyOf(stripe, url);
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain('stripe');
    },
  );

  it('keeps Stripe out of the payment pages with the local provider', async () => {
    expect(await policyOf(local, '/webcheckout')).not.toContain('stripe');
    expect(await policyOf(local, '/getting-started')).not.toContain('stripe');
  });

  it('keeps Stripe out of API answers and the short links', async () => {
    const api = await stripe.app.inject({ method: 'GET', url: '/api/getAppLinks' });
    expect(String(api.headers['content-security-policy'])).not.toContain('stripe');
    const link = await stripe.app.inject({ method: 'GET', url: '/l/webcheckout' });
    expect(link.statusCode).toBe(302);
    expect(String(link.headers['content-security-policy'])).not.toContain('stripe');
  });
});
