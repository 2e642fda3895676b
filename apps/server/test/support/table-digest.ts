import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';

/**
 * A fingerprint of every row in the public schema, to show that a refused call changed nothing.
 * One round trip: the tables are listed from information_schema and each one's rows, ordered,
 * are hashed by a query built for it (query_to_xml runs a query named by text, in PGlite too).
 */
export type TableDigest = ReadonlyMap<string, string>;

/**
 * Tables a refused call may change legitimately, with why. None so far: a 4xx changes no row,
 * rate-limit counts live in memory or Redis, and session lookups do not touch the session row.
 */
const TABLES_A_REFUSED_CALL_MAY_CHANGE: ReadonlySet<string> = new Set<string>([]);

export async function tableDigest(db: Database): Promise<TableDigest> {
  const result = (await db.execute(sql`
    select table_name as "table",
      query_to_xml(
        format(
          'select md5(coalesce(string_agg(row_text, chr(10) order by row_text), '''')) as digest '
            || 'from (select t::text as row_text from %I.%I t) rows',
          table_schema, table_name
        ),
        false, true, ''
      )::text as digest
    from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name
  `)) as unknown as { rows: { table: string; digest: string }[] };
  return new Map(
    result.rows
      .filter((row) => !TABLES_A_REFUSED_CALL_MAY_CHANGE.has(row.table))
      .map((row) => [row.table, row.digest]),
  );
}

/** The tables whose rows differ between two digests (a table added or dropped counts too). */
export function changedTables(before: TableDigest, after: TableDigest): string[] {
  const tables = new Set([...before.keys(), ...after.keys()]);
  return [...tables].filter((table) => before.get(table) !== after.get(table)).sort();
}
