// What the server is configured with (loadConfig in ../config.ts builds it), and the constants
// other modules name.
import {
  type AppEnv,
  brand,
  type EnvironmentSet,
  type PriceIds,
  type PriceKey,
  type StoreRatingSource,
} from '@stillpoint/core';
import type { ServerEnv } from './variables';

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

/** How often the trial reminder job looks for trials two days from their end, unless configured. */
export const DEFAULT_TRIAL_REMINDER_INTERVAL_SECONDS = 60;

/** How often the retention job purges what is kept no longer (docs/privacy.md), unless configured. */
export const DEFAULT_RETENTION_INTERVAL_SECONDS = 3600;

// The privacy policy states them, so they live in core.
export {
  DEFAULT_ANALYTICS_RETENTION_DAYS,
  DEFAULT_NEWSLETTER_UNCONFIRMED_RETENTION_DAYS,
} from '@stillpoint/core';

/** The mean event-loop delay past which the server answers 503 instead of taking more work. */
export const DEFAULT_OVERLOAD_MAX_EVENT_LOOP_DELAY_MS = 1000;

/**
 * The share of V8's heap limit past which the server answers 503: close to the limit, garbage
 * collection takes over the process and it ends up killed for running out of memory.
 */
export const DEFAULT_OVERLOAD_HEAP_SHARE = 0.9;

/**
 * How long a staging or production server keeps serving after SIGTERM, answering GET /api/readyz
 * with 503, before it stops listening: time for a load balancer to stop sending it requests.
 */
export const DEFAULT_SHUTDOWN_DELAY_MS = 5_000;

/** TikTok's Events API 2.0 endpoint that trackTikTokEvent forwards to. */
export const TIKTOK_EVENTS_API_URL = 'https://business-api.tiktok.com/open_api/v1.3/event/track/';

/**
 * Outside production, a request carrying this header chooses the country GET /api/getVisitorCountry
 * answers (a two-letter code), so a tester or an e2e browser context can be "in" DE or US.
 */
export const DEV_COUNTRY_HEADER = 'x-stillpoint-dev-country';

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
  /**
   * Whether test numbers skip the send and verify limits real numbers obey: only in development
   * and test, where the suites sign in with them many times from one address. On staging and in
   * production (store review accounts) a fixed code must not be guessable without limit.
   */
  testNumbersSkipLimits: boolean;
  /** Seconds before a number may be sent another code (OTP_SEND_COOLDOWN_SECONDS). */
  otpSendCooldownSeconds: number;
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
      /** Its webhook secret is made per database, not configured (local/webhook-secret.ts). */
      provider: 'local';
      sandbox: true;
    };

/**
 * Who may use the support console (docs/support.md): a session's user id listed in ADMIN_USER_IDS,
 * or its verified phone number or e-mail listed in ADMIN_SIGN_INS. Empty sets: nobody.
 */
export interface AdminConfig {
  userIds: ReadonlySet<string>;
  /** E.164. */
  phoneNumbers: ReadonlySet<string>;
  /** Lower case. */
  emails: ReadonlySet<string>;
}

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
  admin: AdminConfig;
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
  /**
   * The job that reminds people two days before a trial ends (docs/payments.md, "Trial
   * reminders"): seconds between runs, 0 for off (the default with APP_ENV=test).
   */
  trialReminders: { intervalSeconds: number };
  /**
   * The job that purges what is kept no longer (docs/privacy.md, "Retention"): seconds between
   * runs, 0 for off (the default with APP_ENV=test); the days analytics and ad events are kept; the
   * days a newsletter address that never confirmed is kept.
   */
  retention: { intervalSeconds: number; analyticsDays: number; newsletterUnconfirmedDays: number };
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
   * The extension's store pages: Chrome Web Store (EXTENSION_STORE_URL; outside production the
   * brand's page without an id until it is set) and Edge Add-ons (EXTENSION_EDGE_STORE_URL; null
   * while it is not listed there).
   */
  extensionStores: { chromeWebStoreUrl: string; edgeAddOnsUrl: string | null };
  /**
   * The store rating the funnel and checkout may show (STORE_RATING, STORE_RATING_COUNT,
   * STORE_RATING_SOURCE); null shows none (docs/funnel.md, figures).
   */
  storeRating: { rating: number; ratings: number; store: StoreRatingSource } | null;
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
  /**
   * Outside services that receive errors and traces, each only when configured
   * (docs/observability.md, "Sentry and OpenTelemetry"): Sentry's DSN for the server (SENTRY_DSN),
   * the OTLP collector's address (OTEL_EXPORTER_OTLP_ENDPOINT), and Sentry's DSN for the web app's
   * pages (SENTRY_BROWSER_DSN, decision 052), which their documents then carry and their
   * Content-Security-Policy allows. Null: nothing is loaded or sent.
   */
  outsideObservability: {
    sentryDsn: string | null;
    otlpEndpoint: string | null;
    sentryBrowserDsn: string | null;
  };
  /**
   * /api/docs (the OpenAPI document and its UI) is open to everyone (API_DOCS_PUBLIC; the default
   * in development and test). Otherwise it asks for METRICS_TOKEN, and without one does not exist (404).
   */
  apiDocsPublic: boolean;
  /**
   * After SIGTERM, how long the server keeps accepting and serving while GET /api/readyz answers
   * 503, before it stops listening and drains (SHUTDOWN_DELAY_MS; 0 in development and test).
   */
  shutdownDelayMs: number;
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
