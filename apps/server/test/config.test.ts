import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { productionEnv, stagingEnv } from './support/config';

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
    expect(attempt).toThrow(/BETTER_AUTH_SECRET: required in production/);
    expect(attempt).toThrow(/GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: required in production/);
    expect(attempt).toThrow(/TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required in production/);
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
    const { STRIPE_SECRET_KEY: _key, ...withoutStripe } = stagingEnv;
    const staging = loadConfig({ ...withoutStripe, LOCAL_PAYMENTS: 'true', PRICE_ID_MONTHLY: '' });
    expect(staging.prices.annual).toBe('price_1Annual');
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

  it('asks for METRICS_TOKEN at /metrics only when it is set, and only a long one', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig(productionEnv).metricsToken).toBeNull();
    const token = 'prometheus-scrape-token-0123456789abcdef';
    expect(loadConfig({ ...productionEnv, METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN: must be at least 32 characters',
    );
  });

  it("gives the pages Sentry's DSN only when SENTRY_BROWSER_DSN is set, and refuses a malformed one readably", () => {
    expect(loadConfig({}).outsideObservability.sentryBrowserDsn).toBeNull();
    expect(loadConfig(productionEnv).outsideObservability.sentryBrowserDsn).toBeNull();
    const dsn = 'https://publickey@o1.ingest.sentry.io/4242';
    expect(loadConfig({ SENTRY_BROWSER_DSN: dsn }).outsideObservability).toMatchObject({
      sentryBrowserDsn: dsn,
      sentryDsn: null,
    });
    const form = 'must be a Sentry DSN, https://<key>@<host>/<project id>';
    for (const malformed of [
      'o1.ingest.sentry.io/4242',
      'https://o1.ingest.sentry.io/4242',
      'https://publickey@o1.ingest.sentry.io/',
      'ftp://publickey@o1.ingest.sentry.io/4242',
      'https://publickey@o1.ingest.sentry.io/4242?x=1',
    ]) {
      expect(() => loadConfig({ SENTRY_BROWSER_DSN: malformed }), malformed).toThrow(
        `SENTRY_BROWSER_DSN: ${form}`,
      );
      expect(() => loadConfig({ SENTRY_DSN: malformed }), malformed).toThrow(`SENTRY_DSN: ${form}`);
    }
  });

  it('waits 30 seconds between codes to a number, shorter only outside staging and production', () => {
    expect(loadConfig({}).auth.otpSendCooldownSeconds).toBe(30);
    expect(loadConfig(productionEnv).auth.otpSendCooldownSeconds).toBe(30);
    expect(loadConfig({ APP_ENV: 'test', OTP_SEND_COOLDOWN_SECONDS: '0' }).auth.otpSendCooldownSeconds).toBe(
      0,
    );
    expect(
      loadConfig({ ...productionEnv, OTP_SEND_COOLDOWN_SECONDS: '60' }).auth.otpSendCooldownSeconds,
    ).toBe(60);
    for (const env of [productionEnv, stagingEnv])
      expect(() => loadConfig({ ...env, OTP_SEND_COOLDOWN_SECONDS: '5' })).toThrow(
        /OTP_SEND_COOLDOWN_SECONDS: must be at least 30 (in production|on staging)/,
      );
    expect(() => loadConfig({ OTP_SEND_COOLDOWN_SECONDS: '-1' })).toThrow(
      'OTP_SEND_COOLDOWN_SECONDS: must be 0 (no wait) or more seconds',
    );
    expect(() => loadConfig({ OTP_SEND_COOLDOWN_SECONDS: 'soon' })).toThrow(
      'OTP_SEND_COOLDOWN_SECONDS: must be a whole number of seconds',
    );
  });

  it('refuses requests under overload past 1 s of event-loop delay or 90% of the heap, except under test', () => {
    const heapLimit = getHeapStatistics().heap_size_limit;
    const standard = {
      maxEventLoopDelayMs: 1000,
      maxHeapUsedBytes: Math.floor(heapLimit * 0.9),
      sampleIntervalMs: 1000,
    };
    expect(loadConfig({}).overload).toEqual(standard);
    expect(loadConfig(productionEnv).overload).toEqual(standard);
    expect(loadConfig({ APP_ENV: 'test' }).overload).toEqual({
      maxEventLoopDelayMs: 0,
      maxHeapUsedBytes: 0,
      sampleIntervalMs: 1000,
    });
    expect(
      loadConfig({
        APP_ENV: 'test',
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '250',
        OVERLOAD_MAX_HEAP_USED_MB: '512',
      }).overload,
    ).toEqual({ maxEventLoopDelayMs: 250, maxHeapUsedBytes: 512 * 1024 * 1024, sampleIntervalMs: 1000 });
    expect(
      loadConfig({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_HEAP_USED_MB: '0' }).overload,
    ).toMatchObject({ maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 });
  });

  it.each([
    ['OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', '-1', 'must be 0 (off) or more milliseconds'],
    ['OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', 'soon', 'must be a whole number of milliseconds'],
    ['OVERLOAD_MAX_HEAP_USED_MB', '1.5', 'must be a whole number of megabytes'],
    ['OVERLOAD_MAX_HEAP_USED_MB', '-5', 'must be 0 (off) or more megabytes'],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name}: ${message}`);
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
    expect(loadConfig(stagingEnv).stores.appStoreId).toBe('0000000000');
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

/** The message loadConfig refuses an environment with, or '' when it starts. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

const without = (env: Record<string, string>, ...names: string[]) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));

describe('production refuses every development stand-in', () => {
  it('refuses the outbox, and still needs Twilio with it', () => {
    const message = refusal({
      ...without(productionEnv, 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'),
      DEV_OUTBOX: 'true',
    });
    expect(message).toContain('DEV_OUTBOX: not allowed in production');
    expect(message).toContain('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required in production');
  });

  it('refuses the development identity provider', () => {
    expect(refusal({ ...productionEnv, DEV_IDENTITY_PROVIDER: 'true' })).toContain(
      'DEV_IDENTITY_PROVIDER: not allowed in production',
    );
  });

  it('refuses the local payment provider and its test clock', () => {
    expect(refusal({ ...without(productionEnv, 'STRIPE_SECRET_KEY'), LOCAL_PAYMENTS: 'true' })).toContain(
      'LOCAL_PAYMENTS: not allowed in production (the local payment provider and its test clock take no money)',
    );
  });

  it('refuses the development test number, whose code is public', () => {
    expect(
      refusal({ ...productionEnv, TEST_PHONE_NUMBERS: '+15555550111:111111,+15555550100:654321' }),
    ).toContain('TEST_PHONE_NUMBERS: must not include the development number +15555550100 in production');
  });

  it('runs none of them with the least production environment', () => {
    const { auth, payments, warnings } = loadConfig(productionEnv);
    expect(auth.devOutbox).toBe(false);
    expect(auth.devIdentityProvider).toBe(false);
    expect(auth.testPhoneNumbers.size).toBe(0);
    expect(payments.provider).toBe('stripe');
    expect(warnings).toEqual([]);
  });
});

describe('production refuses to start without a real part', () => {
  it.each([
    [['BETTER_AUTH_SECRET'], 'BETTER_AUTH_SECRET: required in production'],
    [
      ['DATABASE_URL'],
      'DATABASE_URL: required in production (PGlite, the embedded database, serves a single process)',
    ],
    [['REDIS_URL'], 'REDIS_URL: required in production'],
    [['PUBLIC_URL'], 'PUBLIC_URL: required in production (the https:// origin people reach)'],
    [
      ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required in production',
    ],
    [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      'GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: required in production',
    ],
    [
      ['APPLE_CLIENT_ID', 'APPLE_CLIENT_SECRET'],
      'APPLE_CLIENT_ID, APPLE_CLIENT_SECRET: required in production',
    ],
    [['STRIPE_SECRET_KEY'], 'STRIPE_SECRET_KEY: required in production'],
    [['STRIPE_PUBLISHABLE_KEY'], 'STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY'],
    [['STRIPE_WEBHOOK_SECRET'], 'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY'],
    ...priceVariables.map(
      (name) => [[name], `${name}: required with STRIPE_SECRET_KEY`] as [string[], string],
    ),
    [['SMTP_URL'], 'SMTP_URL: required in production'],
  ])('without %s', (names, line) => {
    expect(refusal(without(productionEnv, ...names))).toContain(`  - ${line}`);
  });

  it('refuses a PUBLIC_URL that is not https', () => {
    expect(refusal({ ...productionEnv, PUBLIC_URL: 'http://stillpoint.app' })).toContain(
      'PUBLIC_URL: must be an https:// URL in production',
    );
  });

  it('names every offending variable at once, the outbox first', () => {
    const message = refusal({ APP_ENV: 'production', DEV_OUTBOX: 'true' });
    expect(message.split('\n')[0]).toBe('Invalid configuration for APP_ENV=production:');
    expect(message.split('\n')[1]).toBe(
      '  - DEV_OUTBOX: not allowed in production (anyone could read every sign-in code at /api/dev/outbox)',
    );
    for (const name of [
      'BETTER_AUTH_SECRET',
      'DATABASE_URL',
      'REDIS_URL',
      'PUBLIC_URL',
      'TWILIO_ACCOUNT_SID',
      'SMTP_URL',
      'GOOGLE_CLIENT_ID',
      'APPLE_CLIENT_ID',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      ...priceVariables,
      'APP_STORE_ID',
      'PLAY_STORE_PACKAGE',
    ]) {
      expect(message).toMatch(new RegExp(`^  - (\\w+, )*${name}[,:]`, 'm'));
    }
  });

  it('names malformed and missing variables together, each once', () => {
    const message = refusal({
      ...without(productionEnv, 'REDIS_URL'),
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      DEV_OUTBOX: 'true',
    });
    expect(message).toContain('PORT: ');
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// connection string');
    expect(message).not.toContain('DATABASE_URL: required');
    expect(message).toContain('REDIS_URL: required in production');
    expect(message).toContain('DEV_OUTBOX: not allowed in production');
  });
});

describe('test phone numbers in production', () => {
  it('exist only when TEST_PHONE_NUMBERS is set, with a warning for every start', () => {
    const config = loadConfig({ ...productionEnv, TEST_PHONE_NUMBERS: '+15555550123:246810' });
    expect([...config.auth.testPhoneNumbers]).toEqual([['+15555550123', '246810']]);
    expect(config.warnings).toEqual([
      'TEST_PHONE_NUMBERS is set in production: 1 phone number signs in with a fixed code and no SMS. Remove it once store review is over.',
    ]);
  });
});

describe('staging', () => {
  it('starts like production, with no stand-in on by default', () => {
    const config = loadConfig(stagingEnv);
    expect(config.auth.devOutbox).toBe(false);
    expect(config.auth.devIdentityProvider).toBe(false);
    expect(config.auth.testPhoneNumbers.size).toBe(0);
    expect(config.payments).toMatchObject({ provider: 'stripe', sandbox: true });
    expect(config.warnings).toEqual([]);
  });

  it('refuses BETTER_AUTH_SECRET alone, naming each real part and the variable that may stand in', () => {
    const message = refusal({ APP_ENV: 'staging', BETTER_AUTH_SECRET: 'x'.repeat(40) });
    expect(message.split('\n').slice(1)).toEqual([
      '  - DATABASE_URL: required on staging (PGlite, the embedded database, serves a single process)',
      '  - REDIS_URL: required on staging (every instance shares its rate limits through it)',
      '  - PUBLIC_URL: required on staging (the https:// origin people reach)',
      '  - TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required on staging to send sign-in codes, unless DEV_OUTBOX=true',
      '  - SMTP_URL: required on staging to send e-mail, unless DEV_OUTBOX=true',
      '  - GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: required on staging for Google sign-in, unless DEV_IDENTITY_PROVIDER=true',
      '  - APPLE_CLIENT_ID, APPLE_CLIENT_SECRET: required on staging for Apple sign-in, unless DEV_IDENTITY_PROVIDER=true',
      '  - STRIPE_SECRET_KEY: required on staging, unless LOCAL_PAYMENTS=true (the local payment provider takes no money)',
      '  - STRIPE_WEBHOOK_SECRET: required on staging',
      '  - STRIPE_PUBLISHABLE_KEY: required on staging',
      ...priceVariables.map((name) => `  - ${name}: required on staging (a price id of your Stripe account)`),
    ]);
  });

  it('turns the outbox on with DEV_OUTBOX=true, in place of Twilio and SMTP, and only with a key', () => {
    const withOutbox = {
      ...without(stagingEnv, 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'SMTP_URL'),
      DEV_OUTBOX: 'true',
    };
    expect(refusal(withOutbox).split('\n').slice(1)).toEqual([
      '  - DEV_OUTBOX_KEY: required on staging with DEV_OUTBOX=true (the key that reads /api/dev/outbox)',
    ]);
    expect(refusal({ ...withOutbox, DEV_OUTBOX_KEY: 'short' })).toContain(
      'DEV_OUTBOX_KEY: must be at least 32 characters',
    );
    const config = loadConfig({ ...withOutbox, DEV_OUTBOX_KEY: 'k'.repeat(32) });
    expect(config.auth.devOutbox).toBe(true);
    expect(config.auth.devOutboxKey).toBe('k'.repeat(32));
    expect(config.auth.twilio).toBeNull();
    expect(config.warnings).toEqual([
      'DEV_OUTBOX is on: SMS and e-mail are kept at /api/dev/outbox for DEV_OUTBOX_KEY',
    ]);
  });

  it('stands the development identity provider in for Google and Apple only with DEV_IDENTITY_PROVIDER=true', () => {
    const unconfigured = without(
      stagingEnv,
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
      'APPLE_CLIENT_ID',
      'APPLE_CLIENT_SECRET',
    );
    expect(refusal(unconfigured)).toContain('GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: required on staging');
    const config = loadConfig({ ...unconfigured, DEV_IDENTITY_PROVIDER: 'true' });
    expect(config.auth.devIdentityProvider).toBe(true);
    expect(config.warnings).toEqual([
      'DEV_IDENTITY_PROVIDER is on: the development identity provider stands in for Google or Apple',
    ]);
  });

  it('takes payments locally only with LOCAL_PAYMENTS=true', () => {
    const withoutStripe = without(
      stagingEnv,
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      ...priceVariables,
    );
    expect(refusal(withoutStripe)).toContain(
      'STRIPE_SECRET_KEY: required on staging, unless LOCAL_PAYMENTS=true',
    );
    const config = loadConfig({ ...withoutStripe, LOCAL_PAYMENTS: 'true' });
    expect(config.payments.provider).toBe('local');
    expect(config.warnings).toEqual([
      'LOCAL_PAYMENTS is on: checkout runs on the local payment provider and takes no money',
    ]);
  });

  it('has test phone numbers only when TEST_PHONE_NUMBERS is set, never the default one', () => {
    expect(loadConfig(stagingEnv).auth.testPhoneNumbers.has('+15555550100')).toBe(false);
    const config = loadConfig({ ...stagingEnv, TEST_PHONE_NUMBERS: '+15555550123:246810' });
    expect([...config.auth.testPhoneNumbers]).toEqual([['+15555550123', '246810']]);
  });
});

describe('development and test', () => {
  it.each(['development', 'test'])(
    'run %s with no variables, every stand-in on and nothing to warn about',
    (appEnv) => {
      const config = loadConfig({ APP_ENV: appEnv });
      expect(config.auth.devOutbox).toBe(true);
      expect(config.auth.devOutboxKey).toBeNull();
      expect(config.auth.devIdentityProvider).toBe(true);
      expect(config.auth.testPhoneNumbers.get('+15555550100')).toBe('123456');
      expect(config.payments.provider).toBe('local');
      expect(config.database.kind).toBe('pglite');
      expect(config.warnings).toEqual([]);
    },
  );

  it('refuses LOCAL_PAYMENTS=true together with a Stripe key, anywhere', () => {
    expect(refusal({ LOCAL_PAYMENTS: 'true', STRIPE_SECRET_KEY: 'sk_test_abc' })).toContain(
      'LOCAL_PAYMENTS: cannot be on with STRIPE_SECRET_KEY set (choose one payment provider)',
    );
  });
});
