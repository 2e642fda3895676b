// The development stand-ins for outside services, and the fixed values they use.
import type { AppEnv } from '@stillpoint/core';
import type { Vars } from './variables';

/** Development and test only: a fixed secret so sessions survive restarts; production must set its own. */
export const DEVELOPMENT_AUTH_SECRET = 'stillpoint-development-secret-never-use-in-production';
export const DEFAULT_TEST_PHONE_NUMBERS = '+15555550100:123456';
/**
 * Development only: the demo admin's number (`npm run seed:demo`, docs/support.md). `npm start`
 * signs it in with the same fixed code and names it in ADMIN_SIGN_INS unless that is set.
 */
export const DEMO_ADMIN_PHONE_NUMBER = '+15555550101';
const DEMO_ADMIN_TEST_NUMBER = `${DEMO_ADMIN_PHONE_NUMBER}:123456`;
/** The numbers whose codes are public (this file, the README): never an admin on staging or production. */
export const DEVELOPMENT_PHONE_NUMBERS = [
  ...phoneNumbersOf(DEFAULT_TEST_PHONE_NUMBERS).keys(),
  DEMO_ADMIN_PHONE_NUMBER,
];
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
    testPhoneNumbers:
      vars.TEST_PHONE_NUMBERS ??
      (vars.APP_ENV === 'development'
        ? `${DEFAULT_TEST_PHONE_NUMBERS},${DEMO_ADMIN_TEST_NUMBER}`
        : local
          ? DEFAULT_TEST_PHONE_NUMBERS
          : ''),
    // Development's demo admin; tests name their admins, and a deployed server has none by default.
    adminSignIns: vars.ADMIN_SIGN_INS ?? (vars.APP_ENV === 'development' ? [DEMO_ADMIN_PHONE_NUMBER] : []),
  };
}

/** TEST_PHONE_NUMBERS (`+15555550100:123456,…`): each number and its fixed code. */
export function phoneNumbersOf(pairs: string): Map<string, string> {
  return new Map(
    pairs
      .split(',')
      .filter(Boolean)
      .map((entry) => entry.split(':') as [string, string]),
  );
}
