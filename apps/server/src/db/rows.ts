import { is, Placeholder } from 'drizzle-orm';
import type { Database } from './handle';

/** What a query builder hands over: its SQL and parameters, placeholders among them. */
interface Buildable {
  toSQL(): { sql: string; params: unknown[] };
}

/** Both drivers' row-as-array query, which is all a rows statement needs of them. */
interface ArrayRowsClient {
  query(...args: unknown[]): Promise<{ rows: unknown[][] }>;
}

/** node-postgres's pool (named statements); PGlite has no pool and no statement names. */
const isPool = (client: unknown): boolean =>
  typeof client === 'object' && client !== null && 'totalCount' in client && 'connect' in client;

/**
 * A hot read (decision 036): its SQL is built once by Drizzle from the schema (so column names stay
 * checked), then run by the driver itself, on PostgreSQL as a named prepared statement, with rows
 * as arrays that `toRow` turns into the caller's own type. This skips Drizzle's per-row,
 * per-column mapping and the Date parsing of columns the answer does not need, which on a 20-site
 * list cost more than the queries' own round trips.
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
  const compiled = new WeakMap<
    Database,
    { text: string; order: string[]; client: ArrayRowsClient; pool: boolean }
  >();
  const compile = (db: Database) => {
    const { sql, params } = build(db).toSQL();
    const order = params.map((param) => {
      if (!is(param, Placeholder)) throw new Error(`${name}: every parameter must be a placeholder`);
      return param.name;
    });
    const client = (db as unknown as { $client: ArrayRowsClient }).$client;
    const statement = { text: sql, order, client, pool: isPool(client) };
    compiled.set(db, statement);
    return statement;
  };
  return async (db, params) => {
    const { text, order, client, pool } = compiled.get(db) ?? compile(db);
    const values = order.map((key) => params[key]);
    const result = pool
      ? await client.query({ name, text, values, rowMode: 'array' })
      : await client.query(text, values, { rowMode: 'array' });
    return result.rows.map(toRow);
  };
}
