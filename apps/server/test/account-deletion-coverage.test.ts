import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { DATA_MAP, ruleOf } from '../src/modules/account/data-map';

// Deleting an account and exporting its data follow one map (modules/account/data-map.ts). These
// checks walk the Drizzle schema and fail when a table has no rule, or a rule the schema cannot
// keep, so a new table that holds something about a person cannot be forgotten by either.

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);
const byName = new Map(tables.map((table) => [getTableName(table), table]));

/** Columns whose name says they hold something about a person. */
const PERSONAL_COLUMN = /(^|_)(user_id|email|phone_number|ip_address|user_agent)$/;

const keysTo = (table: PgTable, target: PgTable) =>
  getTableConfig(table).foreignKeys.filter((key) => key.reference().foreignTable === target);

/** Whether a table refers to a person: a key to `user`, or a column named for personal data. */
function refersToPerson(table: PgTable): boolean {
  return (
    keysTo(table, schema.user).length > 0 ||
    getTableConfig(table).columns.some((column) => PERSONAL_COLUMN.test(column.name))
  );
}

/** Whether deleting the user row deletes the table's rows: its key to `user`, or to a parent that goes. */
function goesWithUser(table: PgTable, seen = new Set<PgTable>()): boolean {
  if (seen.has(table)) return false;
  seen.add(table);
  return getTableConfig(table).foreignKeys.some((key) => {
    if (key.onDelete !== 'cascade') return false;
    const parent = key.reference().foreignTable;
    if (parent === schema.user) return true;
    const parentRule = ruleOf(getTableName(parent));
    return (
      parentRule?.erase === 'delete' ||
      (parentRule?.erase === 'cascade' && goesWithUser(parent, seen)) ||
      false
    );
  });
}

describe('account deletion and export cover the schema', () => {
  it('finds the tables to check', () => {
    expect(byName.has('user')).toBe(true);
    expect(tables.length).toBeGreaterThan(20);
    expect(refersToPerson(schema.session)).toBe(true);
    expect(refersToPerson(schema.newsletterSignup)).toBe(true);
    expect(refersToPerson(schema.supportedApp)).toBe(false);
  });

  it('has a deletion and an export rule for every table', () => {
    expect([...byName.keys()].filter((name) => !ruleOf(name)).sort()).toEqual([]);
  });

  it('names only tables that exist', () => {
    expect(Object.keys(DATA_MAP).filter((name) => !byName.has(name))).toEqual([]);
  });

  it('never says "nothing about a person" of a table that refers to one', () => {
    const wrong = tables
      .filter((table) => ruleOf(getTableName(table))?.erase === 'none')
      .filter(refersToPerson)
      .map((table) => getTableName(table));
    expect(wrong).toEqual([]);
  });

  it('exports every table that refers to a person, unless its rule says why not', () => {
    const unexported = tables
      .filter(refersToPerson)
      .filter((table) => ruleOf(getTableName(table))?.export === 'none')
      .filter((table) => !ruleOf(getTableName(table))?.note)
      .map((table) => getTableName(table));
    expect(unexported).toEqual([]);
  });

  it('relies on a cascade only where the foreign keys really delete the rows with the user', () => {
    const wrong = tables
      .filter((table) => ruleOf(getTableName(table))?.erase === 'cascade')
      .filter((table) => !goesWithUser(table))
      .map((table) => getTableName(table));
    expect(wrong).toEqual([]);
  });

  it('anonymises only rows whose key to the user does not take them along', () => {
    // An anonymised table keeps its rows: a cascade from `user` would delete them instead.
    const wrong = tables
      .filter((table) => ruleOf(getTableName(table))?.erase === 'anonymise')
      .filter((table) => keysTo(table, schema.user).some((key) => key.onDelete === 'cascade'))
      .map((table) => getTableName(table));
    expect(wrong).toEqual([]);
  });

  it('names only real columns as secrets', () => {
    const wrong = Object.entries(DATA_MAP).flatMap(([name, rule]) => {
      const table = byName.get(name);
      const secret: readonly string[] = 'secret' in rule ? rule.secret : [];
      if (!table) return [];
      const columns = Object.keys(getTableColumns(table));
      return secret.filter((column) => !columns.includes(column)).map((column) => `${name}.${column}`);
    });
    expect(wrong).toEqual([]);
  });
});
