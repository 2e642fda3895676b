import { is, Placeholder } from 'drizzle-orm';
import { type Database, type DatabaseDriver, driverOf } from './handle';

/** What a query builder hands over: its SQL and parameters, placeholders among them. */
interface Buildable {
  toSQL(): { sql: string; params: unknown[] };
}

/** Runs the compiled SQL with values in the placeholders' order. */
type Run = (values: unknown[]) => Promise<unknown[][]>;

/**
 * The driver's own way to run the statement, rows as arrays, through each driver's public API
 * (decision 047). On PostgreSQL a named prepared statement, which node-postgres prepares once per
 * connection and then binds and runs in one round trip. On PGlite its `query()`, which plans the
 * statement on each call but waits for another caller's open transaction instead of reading
 * inside it, and converts values and columns as it does for Drizzle's own queries.
 */
function runnerFor(driver: DatabaseDriver, name: string, text: string): Run {
  if (driver.kind === 'postgres') {
    const { pool } = driver;
    return async (values) => (await pool.query({ name, text, values, rowMode: 'array' })).rows;
  }
  const { client } = driver;
  return async (values) => (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
}

/**
 * A hot read (decision 036): its SQL is built once by Drizzle from the schema (so column names stay
 * checked), then run by the driver itself (a named prepared statement on PostgreSQL), with rows as
 * arrays that `toRow` turns into the caller's own type. This skips Drizzle's per-row, per-column
 * mapping and the Date parsing of columns the answer does not need, which on a 20-site list cost
 * more than the queries' own round trips. Not for use inside a transaction (refused): it runs on
 * the database itself.
 *
 * `toRow` receives the columns in the order the builder selected them. Values come as each driver
 * types them: a `bigint` column is a string on node-postgres and a number on PGlite, so read it
 * with `Number()`.
 */
export function rowsStatement<Params extends Record<string, unknown>, Row>(
  name: string,
  build: (db: Database) => Buildable,
  toRow: (values: unknown[]) => Row,
): (db: Database, params: Params) => Promise<Row[]> {
  const compiled = new WeakMap<Database, { order: string[]; run: Run }>();
  const compile = (db: Database) => {
    const driver = driverOf(db);
    if (!driver) {
      throw new Error(`${name}: a rows statement runs on the database itself, not inside a transaction`);
    }
    const { sql, params } = build(db).toSQL();
    const order = params.map((param) => {
      if (!is(param, Placeholder)) throw new Error(`${name}: every parameter must be a placeholder`);
      return param.name;
    });
    const statement = { order, run: runnerFor(driver, name, sql) };
    compiled.set(db, statement);
    return statement;
  };
  return async (db, params) => {
    const { order, run } = compiled.get(db) ?? compile(db);
    return (await run(order.map((key) => params[key]))).map(toRow);
  };
}
