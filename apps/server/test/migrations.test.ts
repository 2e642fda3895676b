import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteMatchKey } from '@stillpoint/core';
import { asc, eq, getTableName, is, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTable } from 'drizzle-orm/pg-core';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { isUniqueViolation } from '../src/db/errors';
import * as schema from '../src/db/schema';
import {
  browserSite,
  browserSiteSession,
  mobileApp,
  mobileAppDailyUsage,
  mobileAppWeeklyUsage,
  newsletterSignup,
  user,
} from '../src/db/schema';
import { fetchApps } from '../src/modules/apps/service';
import { LIVE_SITE_UNIQUE_INDEX } from '../src/modules/sites/repo';
import { openTestDatabase } from './support/database';

describe('the migration set', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('creates every table the schema declares', async () => {
    const declared = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableName(table))
      .sort();
    const result = await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    // node-postgres and PGlite both return { rows }; the shared Database type leaves it unknown.
    const { rows } = result as unknown as { rows: { table_name: string }[] };
    const created = rows.map((row) => row.table_name);
    expect(declared.length).toBeGreaterThan(20);
    expect(created).toEqual(expect.arrayContaining(declared));
  });
});

const MIGRATIONS = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

interface Journal {
  entries: { tag: string }[];
}

/**
 * A scratch database (openTestDatabase: PGlite, or PostgreSQL in CI's second run) emptied and
 * migrated again up to, not including, the migration `tag`; migrateRest() then applies the rest as
 * the server does at startup.
 */
async function openDatabaseBefore(tag: string) {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as Journal;
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`No migration ${tag}`);
  const earlier = mkdtempSync(join(tmpdir(), 'stillpoint-migrations-'));
  mkdirSync(join(earlier, 'meta'));
  writeFileSync(
    join(earlier, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }),
  );
  for (const entry of journal.entries.slice(0, index)) {
    copyFileSync(join(MIGRATIONS, `${entry.tag}.sql`), join(earlier, `${entry.tag}.sql`));
  }

  const handle = await openTestDatabase();
  // Both engines' migrators take their own driver's database; the handle says which one this is.
  const migrate = (migrationsFolder: string) =>
    handle.driver.kind === 'pglite'
      ? migratePglite(handle.db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder })
      : migratePg(handle.db as unknown as NodePgDatabase<typeof schema>, { migrationsFolder });
  try {
    await handle.db.execute(sql`drop schema public cascade`);
    await handle.db.execute(sql`create schema public`);
    await handle.db.execute(sql`drop schema drizzle cascade`);
    await migrate(earlier);
  } finally {
    rmSync(earlier, { recursive: true, force: true });
  }
  return { db: handle.db, migrateRest: () => migrate(MIGRATIONS), close: () => handle.close() };
}

/**
 * Any origin the normaliser before 0002 could store: http(s), a lower-case ASCII host name of
 * valid labels (or localhost), and any port of up to five digits but the scheme's own default
 * written plainly, zero-padded ones included. Labels lean on www and localhost, where keys differ.
 */
const label = fc.oneof(
  fc.constantFrom('www', 'localhost', 'm', 'com', 'xn--bcher-kva'),
  fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,6}[a-z0-9])?$/),
);
const storedOrigin = fc
  .record({
    scheme: fc.constantFrom('http', 'https'),
    host: fc.oneof(
      fc.constant('localhost'),
      fc.array(label, { minLength: 2, maxLength: 4 }).map((labels) => labels.join('.')),
    ),
    port: fc.option(
      fc.oneof(
        fc.constantFrom('80', '443', '8080', '08080', '0443', '00080', '0', '65535'),
        fc.integer({ min: 0, max: 65_535 }).map(String),
      ),
    ),
  })
  .filter(({ scheme, port }) => port !== (scheme === 'http' ? '80' : '443'))
  .map(({ scheme, host, port }) => `${scheme}://${host}${port === null ? '' : `:${port}`}`);

/** The key before 0002: the host without a leading www., whatever followed, and no port. */
const oldKey = (origin: string) => (origin.split('://')[1] ?? '').split(':')[0]?.replace(/^www\./, '') ?? '';

describe('0002: site keys follow the rule every part of Stillpoint shares', () => {
  let scratch: Awaited<ReturnType<typeof openDatabaseBefore>>;
  const sam = { id: 'sam', name: 'Sam', email: 'sam@example.com' };
  const hour = (n: number) => new Date(Date.UTC(2026, 0, 1, n));

  beforeAll(async () => {
    scratch = await openDatabaseBefore('0002_site_identity_keys');
    await scratch.db.insert(user).values(sam);
  });
  afterAll(() => scratch.close());

  it('gives every stored site the key core gives its origin, and keeps each person to one live copy of a site', async () => {
    const { db } = scratch;
    // Archived, so the old unique index does not refuse any of them.
    const origins = [...new Set(fc.sample(storedOrigin, 400))];
    await db.insert(browserSite).values(
      origins.map((siteOrigin) => ({
        userId: sam.id,
        siteOrigin,
        siteMatchKey: oldKey(siteOrigin),
        archivedAt: hour(0),
      })),
    );
    // Live: www.com and www.www.com had two keys (com, www.com) but are one site now.
    const live = [
      { siteOrigin: 'https://www.com', createdAt: hour(1) },
      { siteOrigin: 'https://www.www.com', createdAt: hour(2) },
      { siteOrigin: 'http://localhost:8080', createdAt: hour(3) },
      { siteOrigin: 'https://www.youtube.com', createdAt: hour(4) },
    ];
    const rows = await db
      .insert(browserSite)
      .values(live.map((site) => ({ userId: sam.id, siteMatchKey: oldKey(site.siteOrigin), ...site })))
      .returning();
    const later = rows.find((row) => row.siteOrigin === 'https://www.www.com');
    if (!later) throw new Error('inserted above');
    await db.insert(browserSiteSession).values({
      id: randomUUID(),
      userId: sam.id,
      siteId: later.id,
      timeStarted: 1_767_225_600,
      lengthInMilliseconds: 300_000,
      userDay: 20_454,
    });

    await scratch.migrateRest();

    const after = await db.select().from(browserSite).orderBy(asc(browserSite.createdAt));
    const wrong = after
      .filter((row) => row.siteMatchKey !== siteMatchKey(row.siteOrigin))
      .map((row) => `${row.siteOrigin} → ${row.siteMatchKey}, core: ${siteMatchKey(row.siteOrigin)}`);
    expect(wrong).toEqual([]);
    expect(after).toHaveLength(origins.length + live.length);

    const liveAfter = after.filter((row) => row.archivedAt === null);
    expect(liveAfter.map((row) => [row.siteOrigin, row.siteMatchKey])).toEqual([
      ['https://www.com', 'www.com'],
      ['http://localhost:8080', 'localhost:8080'],
      ['https://www.youtube.com', 'youtube.com'],
    ]);
    // The archived copy keeps its history.
    expect(
      await db.select().from(browserSiteSession).where(eq(browserSiteSession.siteId, later.id)),
    ).toHaveLength(1);

    // The unique index is back: a second live youtube.com is refused.
    const duplicate = await db
      .insert(browserSite)
      .values({ userId: sam.id, siteOrigin: 'https://youtube.com', siteMatchKey: 'youtube.com' })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(isUniqueViolation(duplicate, LIVE_SITE_UNIQUE_INDEX)).toBe(true);
  });
});

describe('0009: week totals stored before per-day reports stay week totals', () => {
  let scratch: Awaited<ReturnType<typeof openDatabaseBefore>>;
  const robin = { id: 'robin', name: 'Robin', email: 'robin@example.com' };
  const casey = { id: 'casey', name: 'Casey', email: 'casey@example.com' };
  // 2026-01-05, a Monday; the phone's weeks started on Mondays.
  const WEEK = 20_458;

  beforeAll(async () => {
    scratch = await openDatabaseBefore('0009_insights_daily_usage_forwarding');
  });
  afterAll(() => scratch.close());

  it('answers them as legacyWeekTotal for their week, with no day made up and no use read as today', async () => {
    const { db } = scratch;
    await db.insert(user).values([robin, casey]);
    const [instagram, duolingo, other] = await db
      .insert(mobileApp)
      .values([
        { userId: robin.id, supportedAppId: 'instagram', budget: 10, domains: ['instagram.com'] },
        { userId: robin.id, name: 'Duolingo', budget: 5 },
        { userId: casey.id, supportedAppId: 'instagram', budget: 3 },
      ])
      .returning({ id: mobileApp.id });
    if (!instagram || !duolingo || !other) throw new Error('inserted above');
    await db.insert(mobileAppWeeklyUsage).values([
      { mobileAppId: instagram.id, weekStartUserDay: WEEK - 7, totalAppOpens: 61, totalMinutesUsed: 410 },
      { mobileAppId: instagram.id, weekStartUserDay: WEEK, totalAppOpens: 42, totalMinutesUsed: 190 },
      { mobileAppId: duolingo.id, weekStartUserDay: WEEK, totalAppOpens: 0, totalMinutesUsed: 0 },
      { mobileAppId: other.id, weekStartUserDay: WEEK, totalAppOpens: 99, totalMinutesUsed: 300 },
    ]);

    await scratch.migrateRest();

    expect(await db.select().from(mobileAppDailyUsage)).toEqual([]);
    const none = Array(7).fill({ totalAppOpens: 0, totalMinutesUsed: 0 });
    const wednesday = await fetchApps(db, robin.id, WEEK + 2);
    expect(
      wednesday.map((app) => [app.supportedAppId ?? app.name, app.currentWeekSessions, app.legacyWeekTotal]),
    ).toEqual([
      ['Duolingo', none, { weekStartUserDay: WEEK, totalAppOpens: 0, totalMinutesUsed: 0 }],
      ['instagram', none, { weekStartUserDay: WEEK, totalAppOpens: 42, totalMinutesUsed: 190 }],
    ]);
    const lastWeek = await fetchApps(db, robin.id, WEEK - 1);
    expect(lastWeek.find((app) => app.supportedAppId === 'instagram')?.legacyWeekTotal).toEqual({
      weekStartUserDay: WEEK - 7,
      totalAppOpens: 61,
      totalMinutesUsed: 410,
    });
    // The other person's week stays theirs.
    expect((await fetchApps(db, casey.id, WEEK))[0]?.legacyWeekTotal).toMatchObject({ totalAppOpens: 99 });
  });
});

describe('0014: newsletter sign-ups from before double opt-in', () => {
  it('stay unconfirmed, each with an unsubscribe key of its own', async () => {
    const scratch = await openDatabaseBefore('0014_newsletter_double_opt_in');
    try {
      await scratch.db.execute(
        sql`insert into newsletter_signup (email) values ('early@example.com'), ('earlier@example.com')`,
      );
      await scratch.migrateRest();
      const rows = await scratch.db.select().from(newsletterSignup).orderBy(asc(newsletterSignup.email));
      expect(rows).toEqual([
        expect.objectContaining({ email: 'earlier@example.com', confirmedAt: null, unsubscribedAt: null }),
        expect.objectContaining({ email: 'early@example.com', confirmedAt: null, unsubscribedAt: null }),
      ]);
      const [first, second] = rows.map((row) => row.unsubscribeToken);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(second).toMatch(/^[0-9a-f]{64}$/);
      expect(first).not.toBe(second);
    } finally {
      await scratch.close();
    }
  });
});
