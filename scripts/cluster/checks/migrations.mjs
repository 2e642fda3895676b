// Two instances started at the same moment on an empty database: both came up (startInstances
// waited for both to be ready), and the migrations journal holds each migration exactly once.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export async function checkMigratedOnce({ root, db, instances }) {
  const journal = JSON.parse(
    readFileSync(path.join(root, 'apps/server/dist/migrations/meta/_journal.json'), 'utf8'),
  );
  const expected = journal.entries.length;
  const { rows } = await db.query(
    'select count(*)::int as applied, count(distinct created_at)::int as distinct_migrations from drizzle.__drizzle_migrations',
  );
  const [{ applied, distinct_migrations: distinct }] = rows;
  if (applied !== expected || distinct !== expected) {
    throw new Error(`the journal has ${applied} rows for ${distinct} migrations; the build has ${expected}`);
  }
  return `${instances.map((instance) => instance.name).join(' and ')} started together on an empty database, both ready; the journal has each of the ${expected} migrations once`;
}
