import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { rowsStatement } from '../src/db/rows';
import { browserSite, browserSiteSession, user } from '../src/db/schema';
import { openTestDatabase } from './support/database';

// The hot reads run Drizzle-built SQL through the driver itself (decision 036); these check that
// both drivers hand back the same values, in the selected order, with parameters bound by name.
describe('rowsStatement', () => {
  let database: DatabaseHandle;
  const userId = `rows-${randomUUID()}`;
  const siteId = randomUUID();
  // Past 2^31: a bigint column must come back whole, as a number, from either driver.
  const timeStarted = 4_102_444_800;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    await db.insert(user).values({ id: userId, name: '', email: `${userId}@example.com` });
    await db.insert(browserSite).values({
      id: siteId,
      userId,
      siteOrigin: 'https://rows.example.com',
      siteMatchKey: 'rows.example.com',
      budget: 3,
    });
    await db
      .insert(browserSiteSession)
      .values({ id: randomUUID(), userId, siteId, timeStarted, lengthInMilliseconds: 60_000, userDay: 7 });
  });
  afterAll(() => database.close());

  const sessionsOf = rowsStatement<{ userDay: number; userId: string }, [number, string, number]>(
    'test_rows_sessions',
    (db) =>
      db
        .select({
          timeStarted: browserSiteSession.timeStarted,
          siteId: browserSiteSession.siteId,
          userDay: browserSiteSession.userDay,
        })
        .from(browserSiteSession)
        // userId is bound first in the SQL although the caller names userDay first.
        .where(
          sql`${browserSiteSession.userId} = ${sql.placeholder('userId')} and ${browserSiteSession.userDay} = ${sql.placeholder('userDay')}`,
        ),
    ([started, site, day]) => [Number(started), site as string, day as number],
  );

  it('answers the selected columns in order, parameters bound by name', async () => {
    expect(await sessionsOf(database.db, { userDay: 7, userId })).toEqual([[timeStarted, siteId, 7]]);
    expect(await sessionsOf(database.db, { userDay: 8, userId })).toEqual([]);
    // Run again: on PostgreSQL the named statement is reused, with new values.
    expect(await sessionsOf(database.db, { userDay: 7, userId: 'nobody' })).toEqual([]);
  });

  it('refuses to run inside a transaction, where it would wait for the lock the transaction holds', async () => {
    await expect(
      database.db.transaction((tx) =>
        sessionsOf(tx as unknown as typeof database.db, { userDay: 7, userId }),
      ),
    ).rejects.toThrow(/not inside a transaction/);
  });

  it("never reads inside another caller's open transaction", async () => {
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let end!: () => void;
    const ending = new Promise<void>((resolve) => {
      end = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(browserSiteSession).values({
        id: randomUUID(),
        userId,
        siteId,
        timeStarted: 1,
        lengthInMilliseconds: 1,
        userDay: 9,
      });
      inserted();
      await ending;
      // Still inside: PGlite's one connection would serve a read here if the read did not wait.
      await tx.execute(sql`select 1`);
      throw new Error('rolled back');
    });
    await insertDone;
    const read = sessionsOf(database.db, { userDay: 9, userId });
    end();
    await expect(transaction).rejects.toThrow('rolled back');
    // Read inside the transaction, it would have found the uncommitted session.
    expect(await read).toEqual([]);
  });

  it("is timed with the handle's other queries", async () => {
    const timings: number[] = [];
    const stop = database.onQuery((seconds) => timings.push(seconds));
    await sessionsOf(database.db, { userDay: 7, userId });
    stop();
    expect(timings.length).toBeGreaterThan(0);
  });

  it('refuses a statement with a value written into it, which a reuse would repeat', async () => {
    const withLiteral = rowsStatement<Record<string, never>, unknown>(
      'test_rows_literal',
      (db) => db.select({ id: browserSite.id }).from(browserSite).where(eq(browserSite.userId, userId)),
      (values) => values,
    );
    await expect(withLiteral(database.db, {})).rejects.toThrow(/every parameter must be a placeholder/);
  });
});
