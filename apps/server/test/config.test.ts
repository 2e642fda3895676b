import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { productionEnv } from './support/config';

const priceVariables = [
  'PRICE_ID_MONTHLY',
  'PRICE_ID_ANNUAL',
  'PRICE_ID_ANNUAL_50',
  'PRICE_ID_ANNUAL_WINBACK_25',
  'PRICE_ID_ANNUAL_WINBACK_35',
  'PRICE_ID_GIFT',
  'PRICE_ID_BIENNIAL_90',
];

describe('configuration', () => {
  it('runs locally on port 3000 with PGlite under ./.data by default', () => {
    const config = loadConfig({}, '/srv/stillpoint');
    expect(config.appEnv).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/stillpoint/.data/pglite' });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/test' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://127.0.0.1:5432/test' });
  });

  it('selects the configuration set of the environment', () => {
    const production = loadConfig(productionEnv);
    const development = loadConfig({ APP_ENV: 'development', PORT: '4100' });
    expect(production.publicUrl).toBe('https://stillpoint.app');
    expect(production.isProduction).toBe(true);
    expect(development.publicUrl).toBe('http://localhost:4100');
    expect(production.environment.prices.annual).not.toBe(development.environment.prices.annual);
    expect(development.extensionId).toMatch(/^[a-p]{32}$/);
    expect(production.extensionId).toBeNull();
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('pglite');
  });

  it('names every invalid variable in one readable error', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', APP_ENV: 'prod', DATABASE_URL: 'mysql://x', EXTENSION_ID: 'abc' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'APP_ENV', 'DATABASE_URL', 'EXTENSION_ID']) expect(message).toContain(name);
    }
  });

  it('refuses to run production without its secrets and real sign-in providers', () => {
    const attempt = () => loadConfig({ APP_ENV: 'production' });
    expect(attempt).toThrow(/BETTER_AUTH_SECRET: required when APP_ENV=production/);
    expect(attempt).toThrow(/GOOGLE_CLIENT_ID: required in production/);
    expect(attempt).toThrow(/TWILIO_ACCOUNT_SID: required in production/);
  });

  it('takes payments locally by default, with the environment set of price ids', () => {
    const development = loadConfig({});
    expect(development.payments.provider).toBe('local');
    expect(development.payments.sandbox).toBe(true);
    expect(development.prices).toEqual(development.environment.prices);
    expect(development.entitlementsApiKey).toBeNull();
    expect(development.revenueCatWebhookAuth).toBeNull();
  });

  it('uses Stripe with a secret key, and then needs its webhook secret, publishable key and every price id', () => {
    let message = '';
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY', ...priceVariables]) {
      expect(message).toContain(`${name}: required with STRIPE_SECRET_KEY`);
    }
    const { APP_ENV: _production, ...stripeVars } = productionEnv;
    const stripe = loadConfig({ ...stripeVars, STRIPE_SECRET_KEY: 'sk_test_abc' });
    expect(stripe.payments).toMatchObject({ provider: 'stripe', sandbox: true, webhookSecret: 'whsec_123' });
    expect(stripe.prices).toEqual({
      monthly: 'price_1Monthly',
      annual: 'price_1Annual',
      annual50Dollars: 'price_1Annual50',
      annualWinback25Dollars: 'price_1Winback25',
      annualWinback35Dollars: 'price_1Winback35',
      gift: 'price_1Gift',
      biennial90Dollars: 'price_1Biennial90',
    });
  });

  it('refuses production without Stripe, without a price id, or with a test-mode key', () => {
    const { STRIPE_SECRET_KEY: _key, ...withoutStripe } = productionEnv;
    expect(() => loadConfig(withoutStripe)).toThrow(/STRIPE_SECRET_KEY: required in production/);
    const { PRICE_ID_GIFT: _gift, ...withoutGiftPrice } = productionEnv;
    expect(() => loadConfig(withoutGiftPrice)).toThrow(/PRICE_ID_GIFT: required/);
    expect(() => loadConfig({ ...productionEnv, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /production needs a live key/,
    );
    expect(loadConfig(productionEnv).payments).toMatchObject({ provider: 'stripe', sandbox: false });
  });

  it('reads price ids from the environment on staging', () => {
    const staging = loadConfig({
      APP_ENV: 'staging',
      BETTER_AUTH_SECRET: 'x'.repeat(40),
      PRICE_ID_ANNUAL: 'price_S',
    });
    expect(staging.prices.annual).toBe('price_S');
    expect(staging.prices.monthly).toBe(staging.environment.prices.monthly);
  });

  it('rejects malformed payment keys', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ENTITLEMENTS_API_KEY: 'short' })).toThrow(/ENTITLEMENTS_API_KEY/);
  });

  it('rejects half-configured providers', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/missing GOOGLE_CLIENT_SECRET/);
  });

  it('offers test phone numbers and the development identity provider only outside production', () => {
    const development = loadConfig({});
    expect(development.auth.testPhoneNumbers.get('+15555550100')).toBe('123456');
    expect(development.auth.devIdentityProvider).toBe(true);
    expect(development.auth.devOutbox).toBe(true);
    const production = loadConfig(productionEnv);
    expect(production.auth.testPhoneNumbers.size).toBe(0);
    expect(production.auth.devIdentityProvider).toBe(false);
    expect(production.auth.devOutbox).toBe(false);
  });

  it('reads test phone numbers as number:code pairs and rejects anything else', () => {
    const config = loadConfig({ TEST_PHONE_NUMBERS: '+15555550111:111111,+447700900123:654321' });
    expect([...config.auth.testPhoneNumbers]).toEqual([
      ['+15555550111', '111111'],
      ['+447700900123', '654321'],
    ]);
    expect(() => loadConfig({ TEST_PHONE_NUMBERS: '5555550111:12' })).toThrow(/TEST_PHONE_NUMBERS/);
  });

  it('forwards feedback and analytics only when their URLs are set', () => {
    const unset = loadConfig({});
    expect(unset.feedbackWebhookUrl).toBeNull();
    expect(unset.analyticsForwardUrl).toBeNull();
    const set = loadConfig({
      FEEDBACK_WEBHOOK_URL: 'https://chat.example.com/hooks/abc',
      ANALYTICS_FORWARD_URL: 'http://127.0.0.1:9000/events',
    });
    expect(set.feedbackWebhookUrl).toBe('https://chat.example.com/hooks/abc');
    expect(set.analyticsForwardUrl).toBe('http://127.0.0.1:9000/events');
  });

  it('forwards TikTok events only when TIKTOK_ACCESS_TOKEN is set, to the Events API', () => {
    expect(loadConfig({}).tiktok).toBeNull();
    expect(loadConfig({ TIKTOK_ACCESS_TOKEN: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0' }).tiktok).toEqual({
      accessToken: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0',
      eventsUrl: 'https://business-api.tiktok.com/open_api/v1.3/event/track/',
    });
  });

  it.each(['short', 'has spaces in the middle of it'])(
    'refuses TIKTOK_ACCESS_TOKEN=%s, naming it',
    (value) => {
      expect(() => loadConfig({ TIKTOK_ACCESS_TOKEN: value })).toThrow(
        /TIKTOK_ACCESS_TOKEN: must be the Events API access token from TikTok Events Manager/,
      );
    },
  );

  it.each([
    ['FEEDBACK_WEBHOOK_URL', 'chat.example.com/hooks/abc'],
    ['FEEDBACK_WEBHOOK_URL', 'ftp://chat.example.com/hook'],
    ['ANALYTICS_FORWARD_URL', 'not a url'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`${name}: must be an http:// or https:// URL`),
    );
  });

  it('retries failed forwards every 30 seconds, except under test, where the tests run the job', () => {
    expect(loadConfig({}).forwarding).toEqual({ intervalSeconds: 30 });
    expect(loadConfig(productionEnv).forwarding).toEqual({ intervalSeconds: 30 });
    expect(loadConfig({ APP_ENV: 'test' }).forwarding).toEqual({ intervalSeconds: 0 });
    expect(loadConfig({ FORWARDING_INTERVAL_SECONDS: '5' }).forwarding).toEqual({ intervalSeconds: 5 });
    expect(loadConfig({ FORWARDING_INTERVAL_SECONDS: '0' }).forwarding).toEqual({ intervalSeconds: 0 });
  });

  it.each([
    ['-1', 'must be 0 (off) or more seconds'],
    ['1.5', 'must be a whole number of seconds'],
    ['soon', 'must be a whole number of seconds'],
    ['100000', 'must be at most 86400 seconds'],
  ])('refuses FORWARDING_INTERVAL_SECONDS=%s, naming it', (value, message) => {
    expect(() => loadConfig({ FORWARDING_INTERVAL_SECONDS: value })).toThrow(
      `FORWARDING_INTERVAL_SECONDS: ${message}`,
    );
  });

  it('links to example store ids outside production, and to the configured ones when set', () => {
    expect(loadConfig({}).stores).toEqual({
      appStoreId: '0000000000',
      playStorePackage: 'app.stillpoint.example',
    });
    expect(loadConfig(productionEnv).stores).toEqual({
      appStoreId: '1234567890',
      playStorePackage: 'app.stillpoint',
    });
  });

  it('refuses production without SMTP_URL', () => {
    const { SMTP_URL: _smtp, ...withoutSmtp } = productionEnv;
    expect(() => loadConfig(withoutSmtp)).toThrow(/SMTP_URL: required in production/);
  });

  it('refuses production without APP_STORE_ID or PLAY_STORE_PACKAGE, naming each', () => {
    const { APP_STORE_ID: _id, PLAY_STORE_PACKAGE: _package, ...withoutStores } = productionEnv;
    expect(() => loadConfig(withoutStores)).toThrow(/APP_STORE_ID: required in production/);
    expect(() => loadConfig(withoutStores)).toThrow(/PLAY_STORE_PACKAGE: required in production/);
    // Staging may use the example ids.
    expect(loadConfig({ APP_ENV: 'staging', BETTER_AUTH_SECRET: 'x'.repeat(40) }).stores.appStoreId).toBe(
      '0000000000',
    );
  });

  it.each([
    ['APP_STORE_ID', 'id1234567890', 'must be the App Store app id'],
    ['APP_STORE_ID', '12 34', 'must be the App Store app id'],
    ['PLAY_STORE_PACKAGE', 'stillpoint', 'must be an Android package name'],
    ['PLAY_STORE_PACKAGE', 'app.1stillpoint', 'must be an Android package name'],
    [
      'PLAY_STORE_PACKAGE',
      'https://play.google.com/store/apps/details?id=app.stillpoint',
      'must be an Android package name',
    ],
    ['SMTP_URL', 'https://smtp.example.com', 'must be an smtp:// or smtps:// URL'],
    ['SMTP_URL', 'smtp.example.com:587', 'must be an smtp:// or smtps:// URL'],
    ['EMAIL_FROM', 'Stillpoint', 'must be an e-mail address'],
    ['EMAIL_FROM', 'Stillpoint <hello@>', 'must be an e-mail address'],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: ${message}`));
  });

  it('sends e-mail through SMTP only when SMTP_URL is set, from the brand unless EMAIL_FROM says otherwise', () => {
    expect(loadConfig({}).email).toEqual({ smtpUrl: null, from: 'Stillpoint <hello@stillpoint.app>' });
    const set = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      EMAIL_FROM: 'News from Stillpoint <news@stillpoint.app>',
    });
    expect(set.email).toEqual({
      smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
      from: 'News from Stillpoint <news@stillpoint.app>',
    });
    expect(loadConfig({ EMAIL_FROM: 'hello@stillpoint.app' }).email.from).toBe('hello@stillpoint.app');
  });

  it('does not repeat a bad SMTP_URL, which may hold a password, in its message', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mailer:hunter2@smtp.example.com' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});
