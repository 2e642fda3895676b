import { randomUUID } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import {
  DEFAULT_ANALYTICS_RETENTION_DAYS,
  DEFAULT_NEWSLETTER_UNCONFIRMED_RETENTION_DAYS,
  DEFAULT_RETENTION_INTERVAL_SECONDS,
} from '../src/config/settings';
import {
  adEvent,
  analyticsEvent,
  newsletterConfirmation,
  newsletterSignup,
  verification,
} from '../src/db/schema';
import { createRetentionJob } from '../src/modules/retention/job';
import { purgeExpired } from '../src/modules/retention/service';
import { createTestApp, type TestApp } from './support/app';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The retention job (docs/privacy.md, "Retention"): what is past its days goes, what is not stays,
 * in batches, and two instances running it at once delete each row once.
 */
describe('retention', () => {
  let t: TestApp;
  // The job's clock: rows are aged relative to it, so nothing depends on when the test runs.
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const settings = { analyticsDays: 400, newsletterUnconfirmedDays: 30 };

  beforeAll(async () => {
    t = await createTestApp({ retention: { intervalSeconds: 0, ...settings } });
  });
  afterAll(() => t.close());

  async function seedEvents(tag: string, receivedAt: Date[]) {
    await t.database.db
      .insert(analyticsEvent)
      .values(receivedAt.map((at) => ({ name: tag, properties: {}, occurredAt: at, receivedAt: at })));
    await t.database.db.insert(adEvent).values(
      receivedAt.map((at) => ({
        eventId: `${tag}-${randomUUID()}`,
        event: tag,
        properties: {},
        eventTime: at,
        pixelCode: 'PIXEL',
        createdAt: at,
      })),
    );
  }
  const eventsNamed = async (tag: string) => ({
    analytics: (
      await t.database.db
        .select({ n: count() })
        .from(analyticsEvent)
        .where(inArray(analyticsEvent.name, [tag]))
    )[0]?.n,
    ad: (
      await t.database.db
        .select({ n: count() })
        .from(adEvent)
        .where(inArray(adEvent.event, [tag]))
    )[0]?.n,
  });

  it('purges analytics and ad events older than their days, and keeps the rest', async () => {
    await seedEvents('old', [ago(401 * DAY_MS), ago(500 * DAY_MS), ago(401 * DAY_MS)]);
    await seedEvents('recent', [ago(399 * DAY_MS), ago(DAY_MS)]);
    const report = await t.app.retention.runOnce(now);
    expect(report).toMatchObject({ analyticsEvents: 3, adEvents: 3 });
    expect(await eventsNamed('old')).toEqual({ analytics: 0, ad: 0 });
    expect(await eventsNamed('recent')).toEqual({ analytics: 2, ad: 2 });
    expect(t.app.retention.state()).toMatchObject({ lastError: null, lastRunAt: now.toISOString() });
  });

  it('purges sign-in rows an hour past their expiry, and keeps live and just-expired ones', async () => {
    const rows = [
      { id: `v-${randomUUID()}`, expiresAt: ago(2 * HOUR_MS), keep: false },
      { id: `v-${randomUUID()}`, expiresAt: ago(10 * 60_000), keep: true },
      { id: `v-${randomUUID()}`, expiresAt: new Date(now.getTime() + 5 * 60_000), keep: true },
    ];
    await t.database.db
      .insert(verification)
      .values(rows.map(({ id, expiresAt }) => ({ id, identifier: `test-${id}`, value: 'x', expiresAt })));
    const report = await t.app.retention.runOnce(now);
    expect(report?.verifications).toBe(1);
    const left = await t.database.db
      .select({ id: verification.id })
      .from(verification)
      .where(
        inArray(
          verification.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.id).sort()).toEqual(
      rows
        .filter((row) => row.keep)
        .map((row) => row.id)
        .sort(),
    );
  });

  it('purges newsletter addresses that never confirmed, unless recently asked again', async () => {
    const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
    const stale = address('stale');
    const askedAgain = address('asked-again');
    const confirmed = address('confirmed');
    const recent = address('recent');
    const signup = (email: string, createdAt: Date, confirmedAt: Date | null = null) => ({
      email,
      createdAt,
      confirmedAt,
      unsubscribeToken: randomUUID(),
    });
    await t.database.db
      .insert(newsletterSignup)
      .values([
        signup(stale, ago(31 * DAY_MS)),
        signup(askedAgain, ago(90 * DAY_MS)),
        signup(confirmed, ago(300 * DAY_MS), ago(299 * DAY_MS)),
        signup(recent, ago(2 * DAY_MS)),
      ]);
    await t.database.db.insert(newsletterConfirmation).values([
      { email: stale, tokenHash: randomUUID(), expiresAt: ago(30 * DAY_MS), createdAt: ago(31 * DAY_MS) },
      { email: askedAgain, tokenHash: randomUUID(), expiresAt: ago(DAY_MS), createdAt: ago(3 * DAY_MS) },
    ]);
    const report = await t.app.retention.runOnce(now);
    expect(report?.newsletterSignups).toBe(1);
    const left = await t.database.db
      .select({ email: newsletterSignup.email })
      .from(newsletterSignup)
      .where(inArray(newsletterSignup.email, [stale, askedAgain, confirmed, recent]));
    expect(left.map((row) => row.email).sort()).toEqual([askedAgain, confirmed, recent].sort());
    const confirmations = await t.database.db
      .select({ email: newsletterConfirmation.email })
      .from(newsletterConfirmation)
      .where(inArray(newsletterConfirmation.email, [stale]));
    expect(confirmations).toEqual([]);
  });

  it('deletes in batches, and two instances at once delete each row once', async () => {
    await seedEvents(
      'batched',
      Array.from({ length: 23 }, (_, i) => ago((401 + i) * DAY_MS)),
    );
    const log = pino({ level: 'silent' });
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        createRetentionJob({ db: t.database.db, settings, intervalSeconds: 0, log, batchSize: 4 }).runOnce(
          now,
        ),
      ),
    );
    expect((first?.analyticsEvents ?? 0) + (second?.analyticsEvents ?? 0)).toBe(23);
    expect((first?.adEvents ?? 0) + (second?.adEvents ?? 0)).toBe(23);
    expect(await eventsNamed('batched')).toEqual({ analytics: 0, ad: 0 });
    // A run that is told to stop ends after its current batch.
    await seedEvents(
      'stopped',
      Array.from({ length: 10 }, () => ago(500 * DAY_MS)),
    );
    const partial = await purgeExpired(t.database.db, settings, { now, batchSize: 4, stopping: () => true });
    expect(partial.analyticsEvents).toBe(4);
  });

  it('takes its days and interval from the configuration, and refuses nonsense', () => {
    expect(loadConfig({ APP_ENV: 'development' }).retention).toEqual({
      intervalSeconds: DEFAULT_RETENTION_INTERVAL_SECONDS,
      analyticsDays: DEFAULT_ANALYTICS_RETENTION_DAYS,
      newsletterUnconfirmedDays: DEFAULT_NEWSLETTER_UNCONFIRMED_RETENTION_DAYS,
    });
    expect(DEFAULT_ANALYTICS_RETENTION_DAYS).toBe(400);
    expect(loadConfig({ APP_ENV: 'test' }).retention.intervalSeconds).toBe(0);
    expect(
      loadConfig({
        APP_ENV: 'development',
        RETENTION_INTERVAL_SECONDS: '0',
        ANALYTICS_RETENTION_DAYS: '30',
        NEWSLETTER_UNCONFIRMED_RETENTION_DAYS: '7',
      }).retention,
    ).toEqual({ intervalSeconds: 0, analyticsDays: 30, newsletterUnconfirmedDays: 7 });
    expect(() => loadConfig({ ANALYTICS_RETENTION_DAYS: '0' })).toThrow(/ANALYTICS_RETENTION_DAYS/);
    expect(() => loadConfig({ RETENTION_INTERVAL_SECONDS: 'hourly' })).toThrow(/RETENTION_INTERVAL_SECONDS/);
  });
});
