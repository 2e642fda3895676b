import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import * as schema from '../src/db/schema';
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
