import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PERSONAL_DATA, TABLES_WITHOUT_PERSONAL_DATA } from '@stillpoint/core';
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';

// The privacy policy (/privacy, core's legal/privacy.ts) says what each table holds about a person.
// These checks fail when a table is added to the schema without a place in the policy, so a new
// kind of personal data cannot be left out of it, and docs/privacy.md's table with it.

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);
const names = tables.map((table) => getTableName(table)).sort();
const inPolicy = PERSONAL_DATA.flatMap((kind) => kind.tables);
const withoutPersonalData = Object.keys(TABLES_WITHOUT_PERSONAL_DATA);

/** Columns whose name says they hold something about a person. */
const PERSONAL_COLUMN = /(^|_)(user_id|email|phone_number|ip_address|user_agent)$/;

/** Whether a table refers to a person: a key to `user`, or a column named for personal data. */
function refersToPerson(table: PgTable): boolean {
  const config = getTableConfig(table);
  const toUser = config.foreignKeys.some((key) => key.reference().foreignTable === schema.user);
  return toUser || config.columns.some((column) => PERSONAL_COLUMN.test(column.name));
}

describe('the privacy policy covers the schema', () => {
  it('finds the tables to check', () => {
    expect(names).toContain('user');
    expect(names.length).toBeGreaterThan(20);
  });

  it('places every table: with the kind of personal data it holds, or as holding none', () => {
    const unplaced = names.filter((name) => !inPolicy.includes(name) && !withoutPersonalData.includes(name));
    expect(unplaced).toEqual([]);
  });

  it('names only tables that exist', () => {
    expect([...inPolicy, ...withoutPersonalData].filter((name) => !names.includes(name))).toEqual([]);
  });

  it('tells a table that refers to a person from one that does not', () => {
    expect(refersToPerson(schema.session)).toBe(true);
    expect(refersToPerson(schema.newsletterSignup)).toBe(true);
    expect(refersToPerson(schema.supportedApp)).toBe(false);
  });

  it('never calls a table that refers to a person one that holds no personal data', () => {
    const wrong = tables
      .filter((table) => withoutPersonalData.includes(getTableName(table)))
      .filter(refersToPerson)
      .map((table) => getTableName(table));
    expect(wrong).toEqual([]);
  });

  it("has a row for every table in docs/privacy.md's data inventory", () => {
    const docs = readFileSync(fileURLToPath(new URL('../../../docs/privacy.md', import.meta.url)), 'utf8');
    const missing = names.filter((name) => !docs.includes(`| \`${name}\``));
    expect(missing).toEqual([]);
  });
});
