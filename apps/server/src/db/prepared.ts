import type { Database } from './client';

/**
 * A query built and prepared once per database and reused on every call, for the hot paths: the
 * SQL is not rebuilt per request, and PostgreSQL plans a named statement once per connection.
 * Keyed by the database object, so the tests' many databases each get their own.
 */
export function preparedPerDatabase<Prepared>(build: (db: Database) => Prepared): (db: Database) => Prepared {
  const prepared = new WeakMap<Database, Prepared>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) {
      statement = build(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}
