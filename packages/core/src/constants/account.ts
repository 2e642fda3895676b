/**
 * Deleting an account needs a fresh sign-in: the calling session must have been made by a real
 * sign-in (a phone code, Google, Apple) at most this many minutes ago, so a borrowed device or an
 * old token cannot delete an account on its own.
 */
export const ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES = 10;

/** The name the web app gives the downloaded copy of a person's data, for the day it was made. */
export const accountExportFileName = (day: Date): string =>
  `stillpoint-data-${day.toISOString().slice(0, 10)}.json`;

/**
 * Days analytics and ad events are kept, unless the server is configured otherwise
 * (ANALYTICS_RETENTION_DAYS); the privacy policy states this figure.
 */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 400;

/**
 * Days a newsletter address that never confirmed is kept, unless configured
 * (NEWSLETTER_UNCONFIRMED_RETENTION_DAYS); the privacy policy states this figure.
 */
export const DEFAULT_NEWSLETTER_UNCONFIRMED_RETENTION_DAYS = 30;

/**
 * Days an error report from a browser (reportClientError) is kept before the retention job deletes
 * it; the privacy policy states this figure.
 */
export const CLIENT_ERROR_RETENTION_DAYS = 30;
