import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { pgliteStatement } from '../src/db/pglite-statement';

// PGlite's named statements talk to its Postgres directly (decision 037). Always on PGlite, whatever
// the suite's engine: the code is PGlite's alone.
describe('pgliteStatement', () => {
  let database: DatabaseHandle;
  let client: PGlite;
  const text =
    "select id, name, big, small, ok, at, amount, doc from stmt_probe where coalesce(name, '') <> $1 and at >= $2 and small < $3 order by small";
  const values = ['nobody', new Date('2026-01-01T00:00:00Z'), 100];

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    client = (database.db as unknown as { $client: PGlite }).$client;
    await client.exec(`
      create table stmt_probe (
        id uuid primary key default gen_random_uuid(), name text, big bigint, small integer,
        ok boolean, at timestamptz, amount numeric, doc jsonb);
      insert into stmt_probe (name, big, small, ok, at, amount, doc) values
        ('ça va 😀', 4102444800123, 1, true, '2026-11-28 10:00:00.123+00', 12.50, '{"a": [1, "b"]}'),
        ('', null, 2, false, '2026-06-01 00:00:00+02', null, null),
        (null, -1, 3, null, '2026-02-01 00:00:00+00', 0.000001, '[]');`);
  });
  afterAll(() => database.close());

  it("gives the rows PGlite's own query gives, every type converted the same way", async () => {
    const run = pgliteStatement(client, 'probe_same', text);
    const expected = (await client.query(text, values, { rowMode: 'array' })).rows;
    expect(expected).toHaveLength(3);
    expect(await run(values)).toEqual(expected);
    // And again, on the prepared statement, with other values.
    const later = [...values.slice(0, 2), 3];
    expect(await run(later)).toEqual((await client.query(text, later, { rowMode: 'array' })).rows);
  });

  it('prepares once when many callers use it at the same time', async () => {
    const run = pgliteStatement(client, 'probe_concurrent', text);
    const answers = await Promise.all(Array.from({ length: 20 }, () => run(values)));
    for (const answer of answers) expect(answer).toHaveLength(3);
  });

  it("waits for another caller's open transaction instead of reading inside it", async () => {
    const run = pgliteStatement(
      client,
      'probe_isolated',
      'select count(*)::int from stmt_probe where name = $1',
    );
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into stmt_probe (name, small) values ('uncommitted', 50)`);
      inserted();
      await committing;
      throw new Error('rolled back');
    });
    await insertDone;
    let settled = false;
    const read = run(['uncommitted']).then((rows) => {
      settled = true;
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Inside the transaction the row would be seen; the read waits for it to end.
    expect(settled).toBe(false);
    commit();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await read).toEqual([[0]]);
  });

  it('reports a database error with its code, and the next run still works', async () => {
    const run = pgliteStatement(client, 'probe_error', 'select name from stmt_probe where id = $1');
    await expect(run(['not-a-uuid'])).rejects.toMatchObject({
      code: '22P02',
      message: expect.stringContaining('invalid input syntax for type uuid'),
    });
    expect(await run(['00000000-0000-4000-8000-000000000000'])).toEqual([]);
    // A statement that cannot be prepared fails each time, and is prepared again once it can be.
    const later = pgliteStatement(client, 'probe_later', 'select name from stmt_later');
    await expect(later([])).rejects.toMatchObject({ code: '42P01' });
    await client.exec("create table stmt_later (name text); insert into stmt_later values ('here')");
    expect(await later([])).toEqual([['here']]);
  });

  it('prepares again when the session has forgotten its statements', async () => {
    const run = pgliteStatement(client, 'probe_forgotten', 'select small from stmt_probe where small = $1');
    expect(await run([2])).toEqual([[2]]);
    await client.exec('deallocate all');
    expect(await run([3])).toEqual([[3]]);
  });

  it('is timed with the handle’s other queries', async () => {
    const run = pgliteStatement(client, 'probe_timed', 'select 1');
    const timings: number[] = [];
    const stop = database.onQuery((seconds) => timings.push(seconds));
    await run([]);
    stop();
    // Prepare, then bind and execute: two exchanges.
    expect(timings).toHaveLength(2);
  });

  it('refuses to run once the database is closed', async () => {
    const other = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    const otherClient = (other.db as unknown as { $client: PGlite }).$client;
    const run = pgliteStatement(otherClient, 'probe_closed', 'select 1');
    expect(await run([])).toEqual([[1]]);
    await other.close();
    await expect(run([])).rejects.toThrow();
  });
});
