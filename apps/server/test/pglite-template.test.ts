import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrationsFolder, type OpenOptions, openDatabase } from '../src/db/client';
import { writePgliteTemplate } from '../src/db/pglite-template';

/** Each case starts PGlite once or twice, and the long way runs initdb: slow on a busy machine. */
const SLOW_MS = 300_000;

const scratch = mkdtempSync(path.join(tmpdir(), 'stillpoint-template-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let count = 0;
const newDataDir = () => path.join(scratch, `data-${++count}`, 'pglite');

const rows = async <Row>(database: DatabaseHandle, query: string): Promise<Row[]> =>
  ((await database.db.execute(sql.raw(query))) as unknown as { rows: Row[] }).rows;

/** Everything the migrations define, in a form two databases can be compared by. */
async function schemaOf(database: DatabaseHandle) {
  return {
    columns: await rows(
      database,
      `select table_schema, table_name, column_name, data_type, udt_name, is_nullable, column_default
       from information_schema.columns where table_schema in ('public', 'drizzle') order by 1, 2, 3`,
    ),
    constraints: await rows(
      database,
      `select conrelid::regclass::text as "table", conname, pg_get_constraintdef(oid) as definition
       from pg_constraint where connamespace in ('public'::regnamespace, 'drizzle'::regnamespace) order by 1, 2`,
    ),
    indexes: await rows(
      database,
      `select tablename, indexname, indexdef from pg_indexes where schemaname in ('public', 'drizzle') order by 1, 2`,
    ),
    types: await rows(
      database,
      `select t.typname, e.enumlabel from pg_type t join pg_enum e on e.enumtypid = t.oid order by 1, e.enumsortorder`,
    ),
  };
}

/** The migrations the database recorded: drizzle's journal, by file hash and journal time. */
const journalOf = (database: DatabaseHandle) =>
  rows<{ hash: string; created_at: string }>(
    database,
    'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at',
  );

/**
 * Postgres gives every cluster initdb makes its own system identifier, and a copy keeps it: two
 * databases with the same one come from the same template, one made the long way has its own.
 */
const systemIdOf = async (database: DatabaseHandle) =>
  (await rows<{ id: string }>(database, 'select system_identifier::text as id from pg_control_system()'))[0]
    ?.id;

interface Opened {
  schema: Awaited<ReturnType<typeof schemaOf>>;
  journal: Awaited<ReturnType<typeof journalOf>>;
  systemId: string | undefined;
  warnings: string[];
}

/** Opens a new data directory as the server does, with this template, and reads what it holds. */
async function openNew(
  pgliteTemplate: OpenOptions['pgliteTemplate'],
  dataDir = newDataDir(),
): Promise<Opened> {
  const warnings: string[] = [];
  const database = await openDatabase(
    { kind: 'pglite', dataDir },
    { pgliteTemplate, onWarning: (warning) => warnings.push(warning) },
  );
  try {
    return {
      schema: await schemaOf(database),
      journal: await journalOf(database),
      systemId: await systemIdOf(database),
      warnings,
    };
  } finally {
    await database.close();
  }
}

/** A migrations folder holding this version's first `count` migrations, as an older version had it. */
function olderMigrations(count: number): string {
  const folder = path.join(scratch, `migrations-first-${count}`);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}

const migrationCount = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

describe('a new PGlite data directory made from the database template', () => {
  const template = path.join(scratch, 'template.tar.gz');
  let longWay: Opened;

  beforeAll(async () => {
    await writePgliteTemplate(template, migrationsFolder);
    longWay = await openNew(null);
  }, SLOW_MS);

  it(
    'holds the same schema and migration journal as one made with initdb and every migration',
    async () => {
      const first = await openNew(template);
      const second = await openNew(template);
      expect(first.warnings).toEqual([]);
      expect(longWay.journal).toHaveLength(migrationCount);
      expect(first.journal).toEqual(longWay.journal);
      expect(first.schema).toEqual(longWay.schema);
      expect(first.schema.columns.length).toBeGreaterThan(100);
      // Both copies of the template, and not made the long way.
      expect(first.systemId).toBe(second.systemId);
      expect(first.systemId).not.toBe(longWay.systemId);
    },
    SLOW_MS,
  );

  it(
    'keeps its rows across restarts, then opens as an existing directory',
    async () => {
      const dataDir = newDataDir();
      const database = await openDatabase({ kind: 'pglite', dataDir }, { pgliteTemplate: template });
      await database.db.execute(
        sql`insert into "user" (id, name, email) values ('kim', 'Kim', 'kim@example.com')`,
      );
      await database.close();
      // A damaged template does not matter any more: the directory is no longer new.
      const warnings: string[] = [];
      const again = await openDatabase(
        { kind: 'pglite', dataDir },
        {
          pgliteTemplate: path.join(scratch, 'missing.tar.gz'),
          onWarning: (warning) => warnings.push(warning),
        },
      );
      try {
        expect(await rows(again, `select id from "user"`)).toEqual([{ id: 'kim' }]);
        expect(warnings).toEqual([]);
      } finally {
        await again.close();
      }
    },
    SLOW_MS,
  );

  it(
    "gets the migrations newer than the template's when it starts",
    async () => {
      const older = path.join(scratch, 'older-template.tar.gz');
      await writePgliteTemplate(older, olderMigrations(migrationCount - 1));
      const upgraded = await openNew(older);
      expect(upgraded.warnings).toEqual([]);
      expect(upgraded.journal).toEqual(longWay.journal);
      expect(upgraded.schema).toEqual(longWay.schema);
      expect(upgraded.systemId).not.toBe(longWay.systemId);
    },
    SLOW_MS,
  );

  it(
    'is made the long way, with a warning, from a template whose migration is not this version’s',
    async () => {
      const edited = path.join(scratch, 'migrations-edited');
      cpSync(migrationsFolder, edited, { recursive: true });
      appendFileSync(path.join(edited, '0000_initial.sql'), '\n-- edited after release\n');
      const stale = path.join(scratch, 'stale-template.tar.gz');
      await writePgliteTemplate(stale, edited);

      const made = await openNew(stale);
      expect(made.warnings).toHaveLength(1);
      expect(made.warnings[0]).toContain("The database template's migration 1 is not this version's");
      expect(made.journal).toEqual(longWay.journal);
      expect(made.schema).toEqual(longWay.schema);
    },
    SLOW_MS,
  );

  it(
    'is made the long way, with a warning, from a damaged template, and leaves nothing of it behind',
    async () => {
      const damaged = path.join(scratch, 'damaged.tar.gz');
      const bytes = readFileSync(template);
      writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
      const dataDir = newDataDir();

      const made = await openNew(damaged, dataDir);
      expect(made.warnings).toHaveLength(1);
      expect(made.warnings[0]).toContain('could not be unpacked');
      expect(made.warnings[0]).toContain('made with initdb and every migration instead');
      expect(made.journal).toEqual(longWay.journal);
      expect(existsSync(`${dataDir}.unpacking`)).toBe(false);
    },
    SLOW_MS,
  );

  it(
    'is made the long way, silently, when there is no template (running from source)',
    async () => {
      const made = await openNew(path.join(scratch, 'none.tar.gz'));
      expect(made.warnings).toEqual([]);
      expect(made.journal).toEqual(longWay.journal);
      expect(made.systemId).not.toBe(longWay.systemId);
    },
    SLOW_MS,
  );
});
