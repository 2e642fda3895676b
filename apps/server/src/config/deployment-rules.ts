// The rules a configuration must meet before the server starts: what staging and production
// require and refuse, and settings that only make sense together. Each returns readable problems.
import type { AppEnv } from '@stillpoint/core';
import { OTP_SEND_LIMITS } from '../auth/otp';
import { priceIdVariables } from './settings';
import { DEVELOPMENT_PHONE_NUMBERS, isDeployed, phoneNumbersOf, standIns } from './stand-ins';
import type { Vars } from './variables';

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
  const testNumbers = phoneNumbersOf(vars.TEST_PHONE_NUMBERS ?? '');
  for (const number of DEVELOPMENT_PHONE_NUMBERS.filter((listed) => testNumbers.has(listed)))
    problems.push(
      `TEST_PHONE_NUMBERS: must not include the development number ${number} in production (its code is public)`,
    );
  return problems;
}

/**
 * An admin can grant premium, refund and delete accounts: on a deployed server none of them may be
 * a development number, whose fixed code anyone can read in the README.
 */
function adminProblems(vars: Vars): string[] {
  if (!isDeployed(vars.APP_ENV)) return [];
  return (vars.ADMIN_SIGN_INS ?? [])
    .filter((entry) => DEVELOPMENT_PHONE_NUMBERS.includes(entry))
    .map(
      (number) =>
        `ADMIN_SIGN_INS: must not include the development number ${number} ${placeOf(vars.APP_ENV)} (its sign-in code is public)`,
    );
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
  if (!vars.EXTENSION_STORE_URL)
    problems.push(
      'EXTENSION_STORE_URL: required in production (the Chrome Web Store page the "Add to Chrome" links open)',
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

/**
 * A store rating is shown with how many ratings it averages and the store it was read from, so it
 * is set whole or not at all (docs/funnel.md, figures).
 */
function storeRatingProblems(vars: Vars): string[] {
  const names = ['STORE_RATING', 'STORE_RATING_COUNT', 'STORE_RATING_SOURCE'] as const;
  const missing = names.filter((name) => vars[name] === undefined);
  if (missing.length === 0 || missing.length === names.length) return [];
  return [
    `${names.join(', ')}: set all of them or none (missing ${missing.join(', ')}); a rating is shown only with its count and store`,
  ];
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
  // Shorter is for suites that send one number several codes; deployed, each code is a paid SMS.
  const shortest = OTP_SEND_LIMITS.cooldownSeconds;
  const cooldown = vars.OTP_SEND_COOLDOWN_SECONDS;
  if (isDeployed(vars.APP_ENV) && cooldown !== undefined && cooldown < shortest)
    problems.push(`OTP_SEND_COOLDOWN_SECONDS: must be at least ${shortest} ${placeOf(vars.APP_ENV)}`);
  return problems;
}

/**
 * Every rule's problems with the parsed variables, in the order an operator reads them. The
 * variables a rule names come first in each line, so a caller can leave out the ones it already
 * named as malformed.
 */
export function configurationProblems(vars: Vars): string[] {
  return [
    ...standInProblems(vars),
    ...requiredPartProblems(vars),
    ...authProblems(vars),
    ...paymentProblems(vars),
    ...storeProblems(vars),
    ...countryProblems(vars),
    ...storeRatingProblems(vars),
    ...adminProblems(vars),
  ];
}
