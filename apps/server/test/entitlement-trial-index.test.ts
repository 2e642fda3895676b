import { DAY_MS } from '@stillpoint/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { trialRowsEndingWithin } from '../src/modules/entitlements/repo';
import { openTestDatabase } from './support/database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("the trial reminders' sweep", () => {
  it('reads the trials ending in its window through their own index, not every entitlement', async () => {
    const now = new Date();
    const plan = await database.db.transaction(async (tx) => {
      // A table this small is cheaper to read whole; the planner is told not to, so the plan shows
      // whether an index can answer the query at all.
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = trialRowsEndingWithin(tx, ['stripe'], now, new Date(now.getTime() + DAY_MS));
      return tx.execute(sql`explain ${query}`);
    });
    const lines = (plan as unknown as { rows: Record<string, string>[] }).rows.map(
      (row) => Object.values(row)[0],
    );
    expect(lines.join('\n')).toContain('entitlement_trial_expires_at_idx');
  });
});
