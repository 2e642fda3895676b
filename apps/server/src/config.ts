// The server's configuration, read from the environment once at startup (loadConfig). Its parts:
// config/variables.ts (each variable's format), config/deployment-rules.ts (what staging and
// production require), config/stand-ins.ts (the development stand-ins) and config/settings.ts
// (the Config it builds, re-exported here for every module that reads it).
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import {
  type AppEnv,
  brand,
  type EnvironmentSet,
  environments,
  type PriceIds,
  type PriceKey,
} from '@stillpoint/core';
import { OTP_SEND_LIMITS } from './auth/otp';
import { configurationProblems } from './config/deployment-rules';
import {
  type AdminConfig,
  type AuthConfig,
  type Config,
  ConfigError,
  DEFAULT_ANALYTICS_RETENTION_DAYS,
  DEFAULT_EMAIL_FROM,
  DEFAULT_FORWARDING_INTERVAL_SECONDS,
  DEFAULT_NEWSLETTER_UNCONFIRMED_RETENTION_DAYS,
  DEFAULT_OVERLOAD_HEAP_SHARE,
  DEFAULT_OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
  DEFAULT_RETENTION_INTERVAL_SECONDS,
  DEFAULT_SHUTDOWN_DELAY_MS,
  DEFAULT_TRIAL_REMINDER_INTERVAL_SECONDS,
  type OAuthClient,
  type OverloadConfig,
  type PaymentsConfig,
  priceIdVariables,
  TIKTOK_EVENTS_API_URL,
} from './config/settings';
import {
  DEVELOPMENT_AUTH_SECRET,
  EXAMPLE_APP_STORE_ID,
  EXAMPLE_PLAY_STORE_PACKAGE,
  isDeployed,
  phoneNumbersOf,
  standIns,
} from './config/stand-ins';
import { envSchema, type Vars } from './config/variables';

export * from './config/settings';
export type { ServerEnv } from './config/variables';

/**
 * Reads and validates the environment once at startup, so a bad value stops the server with a
 * message naming the variable instead of failing later at the first request that needs it.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = defaultCwd(),
): Config {
  const vars = validatedVars(stripEmpty(env));
  const environment = environments[vars.APP_ENV];
  const dataDir = path.resolve(cwd, vars.DATA_DIR ?? '.data');
  return {
    appEnv: vars.APP_ENV,
    isProduction: vars.APP_ENV === 'production',
    port: vars.PORT,
    host: vars.HOST,
    publicUrl: (vars.PUBLIC_URL ?? defaultPublicUrl(vars.APP_ENV, vars.PORT, environment)).replace(/\/$/, ''),
    environment,
    extensionId: vars.EXTENSION_ID ?? environment.extensionId,
    database: vars.DATABASE_URL
      ? { kind: 'postgres', url: vars.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    webDistDir: vars.WEB_DIST_DIR ? path.resolve(cwd, vars.WEB_DIST_DIR) : null,
    logLevel: vars.LOG_LEVEL ?? (vars.APP_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: vars.TRUST_PROXY ?? false,
    visitorCountry: {
      header: vars.COUNTRY_HEADER?.toLowerCase() ?? null,
      devCountry: vars.DEV_COUNTRY?.toUpperCase() ?? null,
      devHeader: vars.APP_ENV !== 'production',
    },
    // A person at a terminal gets readable lines; pipes and production get JSON.
    logFormat: vars.LOG_FORMAT ?? (process.stdout.isTTY && vars.APP_ENV !== 'production' ? 'pretty' : 'json'),
    redisUrl: vars.REDIS_URL ?? null,
    auth: authConfig(vars),
    admin: adminConfig(vars),
    feedbackWebhookUrl: vars.FEEDBACK_WEBHOOK_URL ?? null,
    analyticsForwardUrl: vars.ANALYTICS_FORWARD_URL ?? null,
    tiktok: vars.TIKTOK_ACCESS_TOKEN
      ? { accessToken: vars.TIKTOK_ACCESS_TOKEN, eventsUrl: TIKTOK_EVENTS_API_URL }
      : null,
    forwarding: {
      intervalSeconds:
        vars.FORWARDING_INTERVAL_SECONDS ??
        (vars.APP_ENV === 'test' ? 0 : DEFAULT_FORWARDING_INTERVAL_SECONDS),
    },
    trialReminders: {
      intervalSeconds:
        vars.TRIAL_REMINDER_INTERVAL_SECONDS ??
        (vars.APP_ENV === 'test' ? 0 : DEFAULT_TRIAL_REMINDER_INTERVAL_SECONDS),
    },
    retention: {
      intervalSeconds:
        vars.RETENTION_INTERVAL_SECONDS ?? (vars.APP_ENV === 'test' ? 0 : DEFAULT_RETENTION_INTERVAL_SECONDS),
      analyticsDays: vars.ANALYTICS_RETENTION_DAYS ?? DEFAULT_ANALYTICS_RETENTION_DAYS,
      newsletterUnconfirmedDays:
        vars.NEWSLETTER_UNCONFIRMED_RETENTION_DAYS ?? DEFAULT_NEWSLETTER_UNCONFIRMED_RETENTION_DAYS,
    },
    payments: paymentsConfig(vars),
    prices: priceIds(vars, environment),
    entitlementsApiKey: vars.ENTITLEMENTS_API_KEY ?? null,
    revenueCatWebhookAuth: vars.REVENUECAT_WEBHOOK_AUTH ?? null,
    stores: {
      appStoreId: vars.APP_STORE_ID ?? EXAMPLE_APP_STORE_ID,
      playStorePackage: vars.PLAY_STORE_PACKAGE ?? EXAMPLE_PLAY_STORE_PACKAGE,
    },
    extensionStores: {
      chromeWebStoreUrl: vars.EXTENSION_STORE_URL ?? brand.chromeWebStoreUrl,
      edgeAddOnsUrl: vars.EXTENSION_EDGE_STORE_URL ?? null,
    },
    // All three or none (storeRatingProblems).
    storeRating:
      vars.STORE_RATING !== undefined && vars.STORE_RATING_COUNT !== undefined && vars.STORE_RATING_SOURCE
        ? { rating: vars.STORE_RATING, ratings: vars.STORE_RATING_COUNT, store: vars.STORE_RATING_SOURCE }
        : null,
    email: { smtpUrl: vars.SMTP_URL ?? null, from: vars.EMAIL_FROM?.trim() ?? DEFAULT_EMAIL_FROM },
    metricsToken: vars.METRICS_TOKEN ?? null,
    outsideObservability: {
      sentryDsn: vars.SENTRY_DSN ?? null,
      sentryBrowserDsn: vars.SENTRY_BROWSER_DSN ?? null,
      otlpEndpoint: vars.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
    },
    apiDocsPublic: vars.API_DOCS_PUBLIC ?? !isDeployed(vars.APP_ENV),
    shutdownDelayMs: vars.SHUTDOWN_DELAY_MS ?? (isDeployed(vars.APP_ENV) ? DEFAULT_SHUTDOWN_DELAY_MS : 0),
    overload: overloadConfig(vars),
    warnings: deploymentWarnings(vars),
  };
}

/**
 * Parses the variables and applies every rule, throwing one ConfigError that lists all offences.
 * A malformed variable does not hide the rest: the rules still run on the variables that parsed,
 * so an operator fixes everything in one go.
 */
function validatedVars(env: Record<string, string>): Vars {
  const parsed = envSchema.safeParse(env);
  const invalid = parsed.success ? [] : parsed.error.issues;
  const invalidNames = new Set(invalid.map((issue) => String(issue.path[0])));
  const vars =
    parsed.data ??
    envSchema.parse(Object.fromEntries(Object.entries(env).filter(([name]) => !invalidNames.has(name))));
  const problems = [
    ...invalid.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    // A variable already named as malformed is not named again as missing.
    ...configurationProblems(vars).filter((problem) => !invalidNames.has(problem.split(/[:,]/, 1)[0] ?? '')),
  ];
  if (problems.length > 0) {
    const heading = isDeployed(vars.APP_ENV)
      ? `Invalid configuration for APP_ENV=${vars.APP_ENV}`
      : 'Invalid configuration';
    throw new ConfigError(`${heading}:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
  }
  return vars;
}

const pair = (id: string | undefined, secret: string | undefined): OAuthClient | null =>
  id && secret ? { clientId: id, clientSecret: secret } : null;

function authConfig(vars: Vars): AuthConfig {
  const google = pair(vars.GOOGLE_CLIENT_ID, vars.GOOGLE_CLIENT_SECRET);
  const apple = pair(vars.APPLE_CLIENT_ID, vars.APPLE_CLIENT_SECRET);
  const on = standIns(vars);
  return {
    secret: vars.BETTER_AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
    google,
    apple,
    devIdentityProvider: on.identityProvider && (!google || !apple),
    testPhoneNumbers: phoneNumbersOf(on.testPhoneNumbers),
    testNumbersSkipLimits: !isDeployed(vars.APP_ENV),
    otpSendCooldownSeconds: vars.OTP_SEND_COOLDOWN_SECONDS ?? OTP_SEND_LIMITS.cooldownSeconds,
    devOutbox: on.outbox,
    devOutboxKey: vars.DEV_OUTBOX_KEY ?? null,
    twilio:
      vars.TWILIO_ACCOUNT_SID && vars.TWILIO_AUTH_TOKEN && vars.TWILIO_FROM
        ? { accountSid: vars.TWILIO_ACCOUNT_SID, authToken: vars.TWILIO_AUTH_TOKEN, from: vars.TWILIO_FROM }
        : null,
    captcha:
      vars.CAPTCHA_PROVIDER && vars.CAPTCHA_SECRET_KEY && vars.CAPTCHA_SITE_KEY
        ? {
            provider: vars.CAPTCHA_PROVIDER,
            secretKey: vars.CAPTCHA_SECRET_KEY,
            siteKey: vars.CAPTCHA_SITE_KEY,
          }
        : null,
  };
}

function adminConfig(vars: Vars): AdminConfig {
  const signIns = standIns(vars).adminSignIns;
  return {
    userIds: new Set(vars.ADMIN_USER_IDS ?? []),
    phoneNumbers: new Set(signIns.filter((entry) => entry.startsWith('+'))),
    emails: new Set(signIns.filter((entry) => !entry.startsWith('+')).map((email) => email.toLowerCase())),
  };
}

function paymentsConfig(vars: Vars): PaymentsConfig {
  // The local provider's webhook secret is made per database, not configured (local/webhook-secret.ts).
  if (!vars.STRIPE_SECRET_KEY) return { provider: 'local', sandbox: true };
  return {
    provider: 'stripe',
    secretKey: vars.STRIPE_SECRET_KEY,
    publishableKey: vars.STRIPE_PUBLISHABLE_KEY ?? null,
    // paymentProblems refuses a Stripe key without its webhook secret.
    webhookSecret: vars.STRIPE_WEBHOOK_SECRET ?? '',
    portalConfigurationId: vars.STRIPE_PORTAL_CONFIGURATION_ID ?? null,
    sandbox: /_test_/.test(vars.STRIPE_SECRET_KEY),
  };
}

/**
 * Under `test` both checks are off unless set: a shared test machine's stalls would refuse the
 * tests' own requests. The overload test sets its thresholds itself.
 */
function overloadConfig(vars: Vars): OverloadConfig {
  const test = vars.APP_ENV === 'test';
  const heapMb = vars.OVERLOAD_MAX_HEAP_USED_MB;
  return {
    maxEventLoopDelayMs:
      vars.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? (test ? 0 : DEFAULT_OVERLOAD_MAX_EVENT_LOOP_DELAY_MS),
    maxHeapUsedBytes:
      heapMb !== undefined
        ? heapMb * 1024 * 1024
        : test
          ? 0
          : Math.floor(getHeapStatistics().heap_size_limit * DEFAULT_OVERLOAD_HEAP_SHARE),
    sampleIntervalMs: 1000,
  };
}

function priceIds(vars: Vars, environment: EnvironmentSet): PriceIds {
  const fromEnv = (key: PriceKey) => vars[priceIdVariables[key]] ?? environment.prices[key];
  return {
    monthly: fromEnv('monthly'),
    annual: fromEnv('annual'),
    annual50Dollars: fromEnv('annual50Dollars'),
    annualWinback25Dollars: fromEnv('annualWinback25Dollars'),
    annualWinback35Dollars: fromEnv('annualWinback35Dollars'),
    gift: fromEnv('gift'),
    biennial90Dollars: fromEnv('biennial90Dollars'),
  };
}

/**
 * What is allowed but must not go unnoticed, logged at every start: test numbers in production
 * (store review needs one; anyone who learns it signs in without an SMS), and each stand-in on staging.
 */
function deploymentWarnings(vars: Vars): string[] {
  const warnings: string[] = [];
  const testNumbers = phoneNumbersOf(vars.TEST_PHONE_NUMBERS ?? '').size;
  if (vars.APP_ENV === 'production' && testNumbers > 0) {
    warnings.push(
      `TEST_PHONE_NUMBERS is set in production: ${testNumbers} phone ${testNumbers === 1 ? 'number signs' : 'numbers sign'} in with a fixed code and no SMS. Remove it once store review is over.`,
    );
  }
  if (vars.APP_ENV === 'staging') {
    const on = standIns(vars);
    const auth = authConfig(vars);
    if (on.outbox)
      warnings.push('DEV_OUTBOX is on: SMS and e-mail are kept at /api/dev/outbox for DEV_OUTBOX_KEY');
    if (auth.devIdentityProvider)
      warnings.push(
        'DEV_IDENTITY_PROVIDER is on: the development identity provider stands in for Google or Apple',
      );
    if (on.localPayments)
      warnings.push('LOCAL_PAYMENTS is on: checkout runs on the local payment provider and takes no money');
  }
  return warnings;
}

/** Locally the public URL follows PORT; deployed environments have a fixed origin. */
function defaultPublicUrl(appEnv: AppEnv, port: number, environment: EnvironmentSet): string {
  return appEnv === 'development' || appEnv === 'test' ? `http://localhost:${port}` : environment.publicUrl;
}

/** npm sets INIT_CWD to where the command was typed, so `.data/` lands in the repository root. */
function defaultCwd(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

/** An empty variable (`FOO=`) means "not set", as in most twelve-factor tooling. */
function stripEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}
