import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import {
  type AppEnv,
  appEnvs,
  brand,
  type EnvironmentSet,
  environments,
  isValidEmail,
  type PriceIds,
  type PriceKey,
} from '@stillpoint/core';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** The address inside `Name <address>`, or the whole value when it is a bare address. */
const senderAddress = (value: string) => /<([^<>]*)>\s*$/.exec(value)?.[1] ?? value;

const envSchema = z.object({
  APP_ENV: z.enum(appEnvs).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  EXTENSION_ID: z
    .string()
    .regex(/^[a-p]{32}$/, 'must be a 32-letter Chrome extension id')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: booleanFlag.optional(),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a request header name, e.g. cf-ipcountry')
    .optional(),
  DEV_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code, e.g. DE or US')
    .optional(),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  TEST_PHONE_NUMBERS: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}:\d{6})(,\+[1-9]\d{6,14}:\d{6})*$/,
      'must be a comma list of +E164:6-digit-code pairs, e.g. +15555550100:123456',
    )
    .optional(),
  DEV_OUTBOX: booleanFlag.optional(),
  DEV_OUTBOX_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  DEV_IDENTITY_PROVIDER: booleanFlag.optional(),
  LOCAL_PAYMENTS: booleanFlag.optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  CAPTCHA_PROVIDER: z.enum(['cloudflare-turnstile', 'google-recaptcha', 'hcaptcha']).optional(),
  CAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  FEEDBACK_WEBHOOK_URL: httpUrl.optional(),
  ANALYTICS_FORWARD_URL: httpUrl.optional(),
  TIKTOK_ACCESS_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{16,}$/,
      'must be the Events API access token from TikTok Events Manager (at least 16 characters, no spaces)',
    )
    .optional(),
  FORWARDING_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds (0 turns the retry job off)' })
    .int('must be a whole number of seconds (0 turns the retry job off)')
    .min(0, 'must be 0 (off) or more seconds')
    .max(86_400, 'must be at most 86400 seconds (a day)')
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_\w+$/,
      'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_ key)',
    )
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe signing secret (whsec_…)')
    .optional(),
  STRIPE_PORTAL_CONFIGURATION_ID: z
    .string()
    .regex(/^bpc_\w+$/, 'must be a portal configuration id (bpc_…)')
    .optional(),
  PRICE_ID_MONTHLY: z.string().min(1).optional(),
  PRICE_ID_ANNUAL: z.string().min(1).optional(),
  PRICE_ID_ANNUAL_50: z.string().min(1).optional(),
  PRICE_ID_ANNUAL_WINBACK_25: z.string().min(1).optional(),
  PRICE_ID_ANNUAL_WINBACK_35: z.string().min(1).optional(),
  PRICE_ID_GIFT: z.string().min(1).optional(),
  PRICE_ID_BIENNIAL_90: z.string().min(1).optional(),
  ENTITLEMENTS_API_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  REVENUECAT_WEBHOOK_AUTH: z.string().min(16, 'must be at least 16 characters').optional(),
  APP_STORE_ID: z
    .string()
    .regex(
      /^\d{1,20}$/,
      'must be the App Store app id: its digits, e.g. 1234567890 (from apps.apple.com/app/id…)',
    )
    .optional(),
  PLAY_STORE_PACKAGE: z
    .string()
    .regex(
      /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/,
      'must be an Android package name like app.stillpoint (from play.google.com/store/apps/details?id=…)',
    )
    .optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465',
    })
    .optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds (0 turns the check off)' })
    .int('must be a whole number of milliseconds (0 turns the check off)')
    .min(0, 'must be 0 (off) or more milliseconds')
    .optional(),
  OVERLOAD_MAX_HEAP_USED_MB: z.coerce
    .number({ error: 'must be a whole number of megabytes (0 turns the check off)' })
    .int('must be a whole number of megabytes (0 turns the check off)')
    .min(0, 'must be 0 (off) or more megabytes')
    .optional(),
  EMAIL_FROM: z
    .string()
    .refine(
      (value) => isValidEmail(senderAddress(value).trim()),
      'must be an e-mail address, alone or as "Name <address>", e.g. Stillpoint <hello@stillpoint.app>',
    )
    .optional(),
});

/** The environment variable that carries each SPEC §3 price entry's id on staging and production. */
export const priceIdVariables = {
  monthly: 'PRICE_ID_MONTHLY',
  annual: 'PRICE_ID_ANNUAL',
  annual50Dollars: 'PRICE_ID_ANNUAL_50',
  annualWinback25Dollars: 'PRICE_ID_ANNUAL_WINBACK_25',
  annualWinback35Dollars: 'PRICE_ID_ANNUAL_WINBACK_35',
  gift: 'PRICE_ID_GIFT',
  biennial90Dollars: 'PRICE_ID_BIENNIAL_90',
} as const satisfies Record<PriceKey, keyof ServerEnv>;

/** How often the forwarding job looks for failed forwards that are due again, unless configured. */
export const DEFAULT_FORWARDING_INTERVAL_SECONDS = 30;

/** The mean event-loop delay past which the server answers 503 instead of taking more work. */
export const DEFAULT_OVERLOAD_MAX_EVENT_LOOP_DELAY_MS = 1000;

/**
 * The share of V8's heap limit past which the server answers 503: close to the limit, garbage
 * collection takes over the process and it ends up killed for running out of memory.
 */
export const DEFAULT_OVERLOAD_HEAP_SHARE = 0.9;

/** TikTok's Events API 2.0 endpoint that trackTikTokEvent forwards to. */
export const TIKTOK_EVENTS_API_URL = 'https://business-api.tiktok.com/open_api/v1.3/event/track/';

/**
 * Outside production, a request carrying this header chooses the country GET /api/getVisitorCountry
 * answers (a two-letter code), so a tester or an e2e browser context can be "in" DE or US.
 */
export const DEV_COUNTRY_HEADER = 'x-stillpoint-dev-country';

/** Development and test only: a fixed secret so sessions survive restarts; production must set its own. */
const DEVELOPMENT_AUTH_SECRET = 'stillpoint-development-secret-never-use-in-production';
const DEFAULT_TEST_PHONE_NUMBERS = '+15555550100:123456';
/**
 * Development and test only: store ids that are plainly not Stillpoint's, so a link built from
 * them is never mistaken for the real app; production must set APP_STORE_ID and PLAY_STORE_PACKAGE.
 */
const EXAMPLE_APP_STORE_ID = '0000000000';
const EXAMPLE_PLAY_STORE_PACKAGE = 'app.stillpoint.example';
/** The sender of Stillpoint's e-mail unless EMAIL_FROM says otherwise: the brand at its own domain. */
export const DEFAULT_EMAIL_FROM = `${brand.name} <hello@${new URL(brand.website).hostname}>`;

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface AuthConfig {
  secret: string;
  /** Real Google / Apple when configured; null means the development identity provider stands in. */
  google: OAuthClient | null;
  apple: OAuthClient | null;
  /**
   * The server hosts the development identity provider for Google and Apple when unconfigured: by
   * default in development and test, on staging only with DEV_IDENTITY_PROVIDER=true, never in production.
   */
  devIdentityProvider: boolean;
  /** Phone number (E.164) → fixed code; these sign in without an SMS. */
  testPhoneNumbers: ReadonlyMap<string, string>;
  /** SMS and e-mail are written to a readable outbox instead of (or, in dev, as well as) being sent. */
  devOutbox: boolean;
  /** The key GET /api/dev/outbox asks for (DEV_OUTBOX_KEY); null leaves it open, as in development. */
  devOutboxKey: string | null;
  twilio: { accountSid: string; authToken: string; from: string } | null;
  captcha: {
    provider: 'cloudflare-turnstile' | 'google-recaptcha' | 'hcaptcha';
    secretKey: string;
    siteKey: string;
  } | null;
}

export type ServerEnv = z.input<typeof envSchema>;

/**
 * Where payments go. `stripe` when STRIPE_SECRET_KEY is set; otherwise `local`, the in-process
 * provider that behaves like Stripe's test mode (decision 017), which production refuses.
 */
export type PaymentsConfig =
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string | null;
      webhookSecret: string;
      portalConfigurationId: string | null;
      /** sk_test_ keys: purchases are sandbox ones (SPEC §4 'sandbox ' plan names). */
      sandbox: boolean;
    }
  | {
      provider: 'local';
      /** Signs the local provider's webhooks with Stripe's scheme, verified like Stripe's. */
      webhookSecret: string;
      sandbox: true;
    };

/** Development and test only: the local provider's fixed signing secret. */
const LOCAL_WEBHOOK_SECRET = 'whsec_stillpoint_local_provider_development';

export interface Config {
  appEnv: AppEnv;
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  environment: EnvironmentSet;
  extensionId: string | null;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  webDistDir: string | null;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  /** Shared rate-limit store for several server instances; in-memory when null. */
  redisUrl: string | null;
  auth: AuthConfig;
  trustProxy: boolean;
  /** How GET /api/getVisitorCountry learns the visitor's country (docs/country-lookup.md). */
  visitorCountry: VisitorCountryConfig;
  /** Team-chat incoming webhook that feedback is posted to; null logs it instead. */
  feedbackWebhookUrl: string | null;
  /** Where stored analytics events are forwarded; null keeps them in the database only. */
  analyticsForwardUrl: string | null;
  /**
   * Forwarding trackTikTokEvent to TikTok's Events API (`eventsUrl`, TIKTOK_EVENTS_API_URL outside
   * tests); null stores the events without forwarding them.
   */
  tiktok: { accessToken: string; eventsUrl: string } | null;
  /**
   * The job that retries failed forwards (docs/forwarding.md): seconds between runs, 0 for off
   * (the default with APP_ENV=test, whose tests run it themselves).
   */
  forwarding: { intervalSeconds: number };
  payments: PaymentsConfig;
  /** This environment's price ids: from PRICE_ID_* when set, else the environment set's. */
  prices: PriceIds;
  /** Bearer key of GET /api/subscribers/{userId}; null refuses every call. */
  entitlementsApiKey: string | null;
  /** The Authorization header RevenueCat sends with its webhooks; null refuses every delivery. */
  revenueCatWebhookAuth: string | null;
  /** The mobile app in the stores: the App Store id (digits) and the Android package name. */
  stores: { appStoreId: string; playStorePackage: string };
  /**
   * Outgoing e-mail. `smtpUrl` is a nodemailer connection URL; null sends nothing through SMTP
   * (the development outbox, when on, still records each message).
   */
  email: { smtpUrl: string | null; from: string };
  /**
   * The bearer token GET /metrics asks for (METRICS_TOKEN). Null leaves it open outside production;
   * in production there are no metrics without it (404).
   */
  metricsToken: string | null;
  /** When the server refuses requests with a 503 rather than let them queue (docs/observability.md). */
  overload: OverloadConfig;
  /** What an operator should know at every start (main.ts logs each), e.g. test numbers in production. */
  warnings: readonly string[];
}

export interface OverloadConfig {
  /** Mean event-loop delay in milliseconds; 0 turns the check off (the default under `test`). */
  maxEventLoopDelayMs: number;
  /** Heap in use, in bytes; 0 turns the check off (the default under `test`). */
  maxHeapUsedBytes: number;
  /** How often both are measured; a test measures more often to see a change sooner. */
  sampleIntervalMs: number;
}

export interface VisitorCountryConfig {
  /** A trusted proxy's country header (COUNTRY_HEADER), lower-cased; null reads no header. */
  header: string | null;
  /** Outside production only: the country every visitor gets (DEV_COUNTRY), upper-cased. */
  devCountry: string | null;
  /** Outside production only: DEV_COUNTRY_HEADER on a request chooses that request's answer. */
  devHeader: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

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
    payments: paymentsConfig(vars),
    prices: priceIds(vars, environment),
    entitlementsApiKey: vars.ENTITLEMENTS_API_KEY ?? null,
    revenueCatWebhookAuth: vars.REVENUECAT_WEBHOOK_AUTH ?? null,
    stores: {
      appStoreId: vars.APP_STORE_ID ?? EXAMPLE_APP_STORE_ID,
      playStorePackage: vars.PLAY_STORE_PACKAGE ?? EXAMPLE_PLAY_STORE_PACKAGE,
    },
    email: { smtpUrl: vars.SMTP_URL ?? null, from: vars.EMAIL_FROM?.trim() ?? DEFAULT_EMAIL_FROM },
    metricsToken: vars.METRICS_TOKEN ?? null,
    overload: overloadConfig(vars),
    warnings: deploymentWarnings(vars),
  };
}

type Vars = z.output<typeof envSchema>;

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
    ...[
      ...standInProblems(vars),
      ...requiredPartProblems(vars),
      ...authProblems(vars),
      ...paymentProblems(vars),
      ...storeProblems(vars),
      ...countryProblems(vars),
      // A variable already named as malformed is not named again as missing.
    ].filter((problem) => !invalidNames.has(problem.split(/[:,]/, 1)[0] ?? '')),
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

/** Staging and production: real people reach them, so real parts are required (deploymentProblems). */
const isDeployed = (appEnv: AppEnv) => appEnv === 'staging' || appEnv === 'production';

/**
 * The development stand-ins for outside services. On by default in development and test, so
 * `npm start` needs no configuration; off by default on staging and production, where each is
 * turned on only by its own variable (and production refuses every one, standInProblems).
 */
function standIns(vars: Vars) {
  const local = !isDeployed(vars.APP_ENV);
  return {
    outbox: vars.DEV_OUTBOX ?? local,
    identityProvider: vars.DEV_IDENTITY_PROVIDER ?? local,
    localPayments: vars.LOCAL_PAYMENTS ?? (local && !vars.STRIPE_SECRET_KEY),
    testPhoneNumbers: vars.TEST_PHONE_NUMBERS ?? (local ? DEFAULT_TEST_PHONE_NUMBERS : ''),
  };
}

const phoneNumbersOf = (pairs: string): Map<string, string> =>
  new Map(
    pairs
      .split(',')
      .filter(Boolean)
      .map((entry) => entry.split(':') as [string, string]),
  );

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

function paymentsConfig(vars: Vars): PaymentsConfig {
  if (!vars.STRIPE_SECRET_KEY)
    return { provider: 'local', webhookSecret: LOCAL_WEBHOOK_SECRET, sandbox: true };
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

/** How a rule names the environment it applies to: "in production", "on staging". */
const placeOf = (appEnv: AppEnv) => (appEnv === 'production' ? 'in production' : `on ${appEnv}`);

/** On staging a stand-in may replace a real part when its own variable says so; never in production. */
const unlessOn = (vars: Vars, variable: string) =>
  vars.APP_ENV === 'staging' ? `, unless ${variable}=true` : '';

/**
 * Production refuses every development stand-in, named or defaulted: each would let anyone read
 * the sign-in codes, sign in as anyone, or get premium without paying.
 */
function standInProblems(vars: Vars): string[] {
  if (vars.APP_ENV !== 'production') return [];
  const problems: string[] = [];
  if (vars.DEV_OUTBOX)
    problems.push(
      'DEV_OUTBOX: not allowed in production (anyone could read every sign-in code at /api/dev/outbox)',
    );
  if (vars.DEV_IDENTITY_PROVIDER)
    problems.push('DEV_IDENTITY_PROVIDER: not allowed in production (anyone could sign in as anyone)');
  if (vars.LOCAL_PAYMENTS)
    problems.push(
      'LOCAL_PAYMENTS: not allowed in production (the local payment provider and its test clock take no money)',
    );
  const [defaultNumber] = DEFAULT_TEST_PHONE_NUMBERS.split(':');
  if (defaultNumber && phoneNumbersOf(vars.TEST_PHONE_NUMBERS ?? '').has(defaultNumber))
    problems.push(
      `TEST_PHONE_NUMBERS: must not include the development number ${defaultNumber} in production (its code is public)`,
    );
  return problems;
}

/**
 * What staging and production cannot run without. PGlite serves one process and in-memory rate
 * limits hold per instance, so both need their shared services; the rest are the real outside
 * services the stand-ins replace, which staging may swap back in one by one (standIns).
 */
function requiredPartProblems(vars: Vars): string[] {
  if (!isDeployed(vars.APP_ENV)) return [];
  const problems: string[] = [];
  const where = placeOf(vars.APP_ENV);
  const production = vars.APP_ENV === 'production';
  const on = standIns(vars);
  const absent = (names: (keyof Vars)[]) => names.every((name) => vars[name] === undefined);
  if (!vars.BETTER_AUTH_SECRET)
    problems.push(`BETTER_AUTH_SECRET: required ${where} (it signs every session; 32+ characters)`);
  if (!vars.DATABASE_URL)
    problems.push(`DATABASE_URL: required ${where} (PGlite, the embedded database, serves a single process)`);
  if (!vars.REDIS_URL)
    problems.push(`REDIS_URL: required ${where} (every instance shares its rate limits through it)`);
  if (!vars.PUBLIC_URL) problems.push(`PUBLIC_URL: required ${where} (the https:// origin people reach)`);
  else if (new URL(vars.PUBLIC_URL).protocol !== 'https:')
    problems.push(`PUBLIC_URL: must be an https:// URL ${where}`);
  if ((production || !on.outbox) && absent(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']))
    problems.push(
      `TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required ${where} to send sign-in codes${unlessOn(vars, 'DEV_OUTBOX')}`,
    );
  // Without it the newsletter's confirmations and the gift e-mails would only reach the log.
  if ((production || !on.outbox) && !vars.SMTP_URL)
    problems.push(`SMTP_URL: required ${where} to send e-mail${unlessOn(vars, 'DEV_OUTBOX')}`);
  if (vars.APP_ENV === 'staging' && on.outbox && !vars.DEV_OUTBOX_KEY)
    problems.push(
      'DEV_OUTBOX_KEY: required on staging with DEV_OUTBOX=true (the key that reads /api/dev/outbox)',
    );
  for (const [label, names] of [
    ['Google', ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']],
    ['Apple', ['APPLE_CLIENT_ID', 'APPLE_CLIENT_SECRET']],
  ] as const) {
    if ((production || !on.identityProvider) && absent([...names]))
      problems.push(
        `${names.join(', ')}: required ${where} for ${label} sign-in${unlessOn(vars, 'DEV_IDENTITY_PROVIDER')}`,
      );
  }
  return problems;
}

/**
 * Stripe needs its webhook secret and real price ids (the environment set's are placeholders only
 * the local provider knows). Wherever the local provider is not on, Stripe is needed: in
 * production always, since the local provider takes no money.
 */
function paymentProblems(vars: Vars): string[] {
  const problems: string[] = [];
  const production = vars.APP_ENV === 'production';
  if (vars.LOCAL_PAYMENTS && vars.STRIPE_SECRET_KEY) {
    problems.push('LOCAL_PAYMENTS: cannot be on with STRIPE_SECRET_KEY set (choose one payment provider)');
  }
  if (!vars.STRIPE_SECRET_KEY && !production && standIns(vars).localPayments) return problems;
  const place = isDeployed(vars.APP_ENV) ? placeOf(vars.APP_ENV) : 'with LOCAL_PAYMENTS=false';
  if (!vars.STRIPE_SECRET_KEY) {
    problems.push(
      `STRIPE_SECRET_KEY: required ${place}${unlessOn(vars, 'LOCAL_PAYMENTS')} (the local payment provider takes no money)`,
    );
  }
  const required = vars.STRIPE_SECRET_KEY ? 'required with STRIPE_SECRET_KEY' : `required ${place}`;
  if (!vars.STRIPE_WEBHOOK_SECRET) problems.push(`STRIPE_WEBHOOK_SECRET: ${required}`);
  if (!vars.STRIPE_PUBLISHABLE_KEY) problems.push(`STRIPE_PUBLISHABLE_KEY: ${required}`);
  for (const variable of Object.values(priceIdVariables)) {
    if (!vars[variable]) problems.push(`${variable}: ${required} (a price id of your Stripe account)`);
  }
  if (production && vars.STRIPE_SECRET_KEY?.includes('_test_')) {
    problems.push('STRIPE_SECRET_KEY: production needs a live key, not a test-mode one');
  }
  return problems;
}

/** Production's store links lead people to the real app, so the example ids are not enough there. */
function storeProblems(vars: Vars): string[] {
  if (vars.APP_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!vars.APP_STORE_ID)
    problems.push(
      'APP_STORE_ID: required in production (the App Store id the store links and deep links open)',
    );
  if (!vars.PLAY_STORE_PACKAGE)
    problems.push(
      'PLAY_STORE_PACKAGE: required in production (the Android package the Play Store links open)',
    );
  return problems;
}

/**
 * A country header is only as trustworthy as the proxy that sets it: without TRUST_PROXY the
 * server is not behind one, and any visitor could write the header. DEV_COUNTRY would answer every
 * real visitor with one made-up country, so production refuses it.
 */
function countryProblems(vars: Vars): string[] {
  const problems: string[] = [];
  if (vars.COUNTRY_HEADER && !vars.TRUST_PROXY) {
    problems.push(
      'COUNTRY_HEADER: needs TRUST_PROXY=true (only a proxy in front of the server can be trusted to set it)',
    );
  }
  if (vars.DEV_COUNTRY && vars.APP_ENV === 'production') {
    problems.push('DEV_COUNTRY: not allowed in production (every visitor would get that country)');
  }
  return problems;
}

/** Settings that only make sense together. */
function authProblems(vars: Vars): string[] {
  const problems: string[] = [];
  const together = (names: (keyof Vars)[]) => {
    const set = names.filter((name) => vars[name] !== undefined);
    if (set.length > 0 && set.length < names.length) {
      problems.push(
        `${names.join(', ')}: set all of them or none (missing ${names.filter((n) => !set.includes(n)).join(', ')})`,
      );
    }
  };
  together(['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']);
  together(['APPLE_CLIENT_ID', 'APPLE_CLIENT_SECRET']);
  together(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']);
  together(['CAPTCHA_PROVIDER', 'CAPTCHA_SECRET_KEY', 'CAPTCHA_SITE_KEY']);
  return problems;
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
