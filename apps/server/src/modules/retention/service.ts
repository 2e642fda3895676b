import { CLIENT_ERROR_RETENTION_DAYS } from '@stillpoint/core';
import { purgeExpiredVerifications } from '../../auth/privacy';
import type { Database } from '../../db/client';
import { purgeEventsBefore as purgeAdEvents } from '../ad-events/privacy';
import { purgeEventsBefore as purgeAnalyticsEvents } from '../analytics/privacy';
import { purgeReportsBefore as purgeClientErrors } from '../client-errors/privacy';
import { purgeUnconfirmedBefore } from '../newsletter/privacy';

export interface RetentionSettings {
  /** Days analytics and ad events are kept (ANALYTICS_RETENTION_DAYS). */
  analyticsDays: number;
  /** Days a newsletter address that never confirmed is kept (NEWSLETTER_UNCONFIRMED_RETENTION_DAYS). */
  newsletterUnconfirmedDays: number;
}

/** What one run deleted, per kind. */
export interface RetentionReport {
  analyticsEvents: number;
  adEvents: number;
  verifications: number;
  newsletterSignups: number;
  clientErrors: number;
}

/** Rows one delete takes: small enough that no statement holds its locks for long. */
export const RETENTION_BATCH_SIZE = 500;

/**
 * An expired sign-in code is kept this long, so a person typing it late still reads "This code has
 * expired" rather than "not found".
 */
const EXPIRED_VERIFICATION_GRACE_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Deletes batch after batch until one comes back short, or the server is stopping. */
async function inBatches(
  purge: (limit: number) => Promise<number>,
  batchSize: number,
  stopping: () => boolean,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await purge(batchSize);
    total += deleted;
    if (deleted < batchSize || stopping()) return total;
  }
}

/**
 * Purges what Stillpoint keeps no longer (docs/privacy.md, "Retention"): analytics and ad events
 * past their days, sign-in verification rows past their expiry, newsletter addresses that never
 * confirmed, and browsers' error reports past their 30 days. Idempotency keys have their own hourly
 * sweep (modules/idempotency). Each owner module deletes its own rows, a batch at a time, skipping rows another instance holds, so two instances
 * running this at once neither wait on each other nor delete a row twice.
 */
export async function purgeExpired(
  db: Database,
  settings: RetentionSettings,
  {
    now,
    batchSize = RETENTION_BATCH_SIZE,
    stopping = () => false,
  }: {
    now: Date;
    batchSize?: number;
    stopping?: () => boolean;
  },
): Promise<RetentionReport> {
  const eventsCutoff = daysBefore(now, settings.analyticsDays);
  const newsletterCutoff = daysBefore(now, settings.newsletterUnconfirmedDays);
  const verificationCutoff = new Date(now.getTime() - EXPIRED_VERIFICATION_GRACE_MS);
  const clientErrorsCutoff = daysBefore(now, CLIENT_ERROR_RETENTION_DAYS);
  return {
    analyticsEvents: await inBatches(
      (limit) => purgeAnalyticsEvents(db, eventsCutoff, limit),
      batchSize,
      stopping,
    ),
    adEvents: await inBatches((limit) => purgeAdEvents(db, eventsCutoff, limit), batchSize, stopping),
    verifications: await inBatches(
      (limit) => purgeExpiredVerifications(db, verificationCutoff, limit),
      batchSize,
      stopping,
    ),
    newsletterSignups: await inBatches(
      (limit) => purgeUnconfirmedBefore(db, newsletterCutoff, limit),
      batchSize,
      stopping,
    ),
    clientErrors: await inBatches(
      (limit) => purgeClientErrors(db, clientErrorsCutoff, limit),
      batchSize,
      stopping,
    ),
  };
}
