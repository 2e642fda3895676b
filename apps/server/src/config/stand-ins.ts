// The development stand-ins for outside services, and the fixed values they use.
import type { AppEnv } from '@stillpoint/core';
import type { Vars } from './variables';

/** Development and test only: a fixed secret so sessions survive restarts; production must set its own. */
export const DEVELOPMENT_AUTH_SECRET = 'stillpoint-development-secret-never-use-in-production';
export const DEFAULT_TEST_PHONE_NUMBERS = '+15555550100:123456';
/**
 * Development and test only: store ids that are plainly not Stillpoint's, so a link built from
 * them is never mistaken for the real app; production must set APP_STORE_ID and PLAY_STORE_PACKAGE.
 */
export const EXAMPLE_APP_STORE_ID = '0000000000';
export const EXAMPLE_PLAY_STORE_PACKAGE = 'app.stillpoint.example';

/** Staging and production: real people reach them, so real parts are required (deployment-rules.ts). */
export const isDeployed = (appEnv: AppEnv) => appEnv === 'staging' || appEnv === 'production';

/**
 * The development stand-ins for outside services. On by default in development and test, so
 * `npm start` needs no configuration; off by default on staging and production, where each is
 * turned on only by its own variable (and production refuses every one, standInProblems).
 */
export function standIns(vars: Vars) {
  const local = !isDeployed(vars.APP_ENV);
  return {
    outbox: vars.DEV_OUTBOX ?? local,
    identityProvider: vars.DEV_IDENTITY_PROVIDER ?? local,
    localPayments: vars.LOCAL_PAYMENTS ?? (local && !vars.STRIPE_SECRET_KEY),
    testPhoneNumbers: vars.TEST_PHONE_NUMBERS ?? (local ? DEFAULT_TEST_PHONE_NUMBERS : ''),
  };
}

/** TEST_PHONE_NUMBERS (`+15555550100:123456,…`): each number and its fixed code. */
export const phoneNumbersOf = (pairs: string): Map<string, string> =>
  new Map(
    pairs
      .split(',')
      .filter(Boolean)
      .map((entry) => entry.split(':') as [string, string]),
  );
