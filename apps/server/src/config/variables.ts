// The environment variables the server reads, each with its type, default and format check.
import { appEnvs, isValidEmail, STORE_RATING_SOURCES } from '@stillpoint/core';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const SENTRY_DSN_FORM = 'must be a Sentry DSN, https://<key>@<host>/<project id>';

/** A Sentry project's key address: its key as the user part and its project's number last in the path. */
const sentryDsn = z.url({ protocol: /^https?$/, error: SENTRY_DSN_FORM }).refine((value) => {
  if (!URL.canParse(value)) return false;
  const dsn = new URL(value);
  return dsn.username !== '' && /\/\d+$/.test(dsn.pathname) && !dsn.search && !dsn.hash;
}, SENTRY_DSN_FORM);

/**
 * An extension's listing page on one store: https on the store's host, its detail path, ending in
 * the 32-letter id the store assigned (docs/extension.md, "Publishing").
 */
const extensionListing = (host: string, detailPath: string) =>
  z.url({ protocol: /^https$/, error: `must be an https:// address on ${host}` }).refine(
    (value) => {
      // Also called on text the URL check above refused, which the URL parser throws on.
      const url = URL.canParse(value) ? new URL(value) : null;
      return (
        url?.hostname === host && url.pathname.startsWith(detailPath) && /\/[a-p]{32}\/?$/.test(url.pathname)
      );
    },
    { error: `must be the extension's page, https://${host}${detailPath}…/<its 32-letter id>` },
  );

/** The address inside `Name <address>`, or the whole value when it is a bare address. */
const senderAddress = (value: string) => /<([^<>]*)>\s*$/.exec(value)?.[1] ?? value;

/** A comma list, each entry trimmed; empty entries (a trailing comma) are left out. */
const commaList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const E164 = /^\+[1-9]\d{6,14}$/;

/** ADMIN_USER_IDS: user ids as Better Auth writes them (letters, digits, `-` and `_`). */
const adminUserIds = z
  .string()
  .transform(commaList)
  .superRefine((ids, context) => {
    for (const id of ids.filter((entry) => !/^[\w-]{1,128}$/.test(entry)))
      context.addIssue({
        code: 'custom',
        message: `"${id}" is not a user id (letters, digits, - and _ only, e.g. the uid the account page shows)`,
      });
  });

/** ADMIN_SIGN_INS: verified phone numbers in E.164 and e-mail addresses, compared as written (e-mail in lower case). */
const adminSignIns = z
  .string()
  .transform(commaList)
  .superRefine((entries, context) => {
    for (const entry of entries.filter((value) => !E164.test(value) && !isValidEmail(value)))
      context.addIssue({
        code: 'custom',
        message: `"${entry}" is neither a phone number in E.164 (+15555550123) nor an e-mail address`,
      });
  });

export const envSchema = z.object({
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
  EXTENSION_STORE_URL: extensionListing('chromewebstore.google.com', '/detail/').optional(),
  EXTENSION_EDGE_STORE_URL: extensionListing('microsoftedge.microsoft.com', '/addons/detail/').optional(),
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
  TRIAL_REMINDER_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds (0 turns trial reminders off)' })
    .int('must be a whole number of seconds (0 turns trial reminders off)')
    .min(0, 'must be 0 (off) or more seconds')
    .max(86_400, 'must be at most 86400 seconds (a day)')
    .optional(),
  RETENTION_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds (0 turns the retention job off)' })
    .int('must be a whole number of seconds (0 turns the retention job off)')
    .min(0, 'must be 0 (off) or more seconds')
    .max(86_400, 'must be at most 86400 seconds (a day)')
    .optional(),
  ANALYTICS_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(3650, 'must be at most 3650 days (ten years)')
    .optional(),
  NEWSLETTER_UNCONFIRMED_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(3650, 'must be at most 3650 days (ten years)')
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
  STORE_RATING: z
    .string()
    .regex(/^([1-4](\.\d)?|5(\.0)?)$/, 'must be an average rating from 1.0 to 5.0 with one decimal, e.g. 4.7')
    .transform(Number)
    .optional(),
  STORE_RATING_COUNT: z.coerce
    .number({ error: 'must be how many ratings the average is of: a whole number, e.g. 1250' })
    .int('must be how many ratings the average is of: a whole number, e.g. 1250')
    .min(1, 'must be how many ratings the average is of: 1 or more')
    .optional(),
  STORE_RATING_SOURCE: z
    .enum(STORE_RATING_SOURCES, {
      error: `must be the store the rating is read from: ${STORE_RATING_SOURCES.join(', ')}`,
    })
    .optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465',
    })
    .optional(),
  OTP_SEND_COOLDOWN_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 (no wait) or more seconds')
    .max(3600, 'must be at most 3600 seconds (an hour)')
    .optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  // Sentry's project key address, e.g. https://<key>@o1.ingest.sentry.io/2 (docs/observability.md).
  SENTRY_DSN: sentryDsn.optional(),
  // The same for the web app's pages, which send to it from the browser (decision 052).
  SENTRY_BROWSER_DSN: sentryDsn.optional(),
  // Where OpenTelemetry traces go, over OTLP/HTTP: the collector's base address (…/v1/traces is added).
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  API_DOCS_PUBLIC: booleanFlag.optional(),
  SHUTDOWN_DELAY_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds (0 stops listening at once)' })
    .int('must be a whole number of milliseconds (0 stops listening at once)')
    .min(0, 'must be 0 (stop listening at once) or more milliseconds')
    .max(60_000, 'must be at most 60000 milliseconds (a minute)')
    .optional(),
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
  ADMIN_USER_IDS: adminUserIds.optional(),
  ADMIN_SIGN_INS: adminSignIns.optional(),
  EMAIL_FROM: z
    .string()
    .refine(
      (value) => isValidEmail(senderAddress(value).trim()),
      'must be an e-mail address, alone or as "Name <address>", e.g. Stillpoint <hello@stillpoint.app>',
    )
    .optional(),
});

export type ServerEnv = z.input<typeof envSchema>;
export type Vars = z.output<typeof envSchema>;
