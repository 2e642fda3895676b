import type { PGlite } from '@electric-sql/pglite';
import { is, Placeholder } from 'drizzle-orm';
import type { Database } from './handle';
import { pgliteStatement } from './pglite-statement';

/** What a query builder hands over: its SQL and parameters, placeholders among them. */
interface Buildable {
  toSQL(): { sql: string; params: unknown[] };
}

/** node-postgres's pool: its row-as-array query with a statement name is all a rows statement needs. */
interface Pool {
  query(config: { name: string; text: string; values: unknown[]; rowMode: 'array' }): Promise<{
    rows: unknown[][];
  }>;
}

const isPool = (client: unknown): client is Pool =>
  typeof client === 'object' && client !== null && 'totalCount' in client && 'connect' in client;

/** Runs the compiled SQL with values in the placeholders' order. */
type Run = (values: unknown[]) => Promise<unknown[][]>;

/** The driver's own way to run a named statement: node-postgres's pool, or PGlite directly. */
function runnerFor(client: unknown, name: string, text: string): Run {
  if (isPool(client)) {
    return async (values) => (await client.query({ name, text, values, rowMode: 'array' })).rows;
  }
  if (typeof client === 'object' && client !== null && 'execProtocolRawStream' in client) {
    return pgliteStatement(client as PGlite, name, text);
  }
  throw new Error(`${name}: a rows statement runs on the database itself, not inside a transaction`);
}

/**
 * A hot read (decision 036): its SQL is built once by Drizzle from the schema (so column names stay
 * checked), then run by the driver itself as a named prepared statement (on PGlite in one call into
 * its Postgres, decision 037), with rows as arrays that `toRow` turns into the caller's own type.
 * This skips Drizzle's per-row, per-column mapping and the Date parsing of columns the answer does
 * not need, which on a 20-site list cost more than the queries' own round trips. Not for use inside
 * a transaction (refused): it runs on the database itself.
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
    const { sql, params } = build(db).toSQL();
    const order = params.map((param) => {
      if (!is(param, Placeholder)) throw new Error(`${name}: every parameter must be a placeholder`);
      return param.name;
    });
    const statement = { order, run: runnerFor((db as unknown as { $client: unknown }).$client, name, sql) };
    compiled.set(db, statement);
    return statement;
  };
  return async (db, params) => {
    const { order, run } = compiled.get(db) ?? compile(db);
    return (await run(order.map((key) => params[key]))).map(toRow);
  };
}
