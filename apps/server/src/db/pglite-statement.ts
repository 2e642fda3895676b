import type { PGlite } from '@electric-sql/pglite';
import {
  bindStatement,
  describeStatement,
  executePortal,
  parseStatement,
  type Reply,
  readReply,
  type ServerError,
  sync,
} from './wire-protocol';

/** A statement's shape, learnt once when it is prepared. */
interface Prepared {
  parameterTypes: number[];
  columnTypes: number[];
  /** PGlite's own parser per column (the same ones `query()` applies), undefined for text. */
  columnParsers: (((text: string, typeId: number) => unknown) | undefined)[];
}

/** PostgreSQL's SQLSTATE for a statement name the session no longer knows. */
const NO_SUCH_STATEMENT = '26000';

class PgliteStatementError extends Error {
  readonly code: string;
  readonly severity?: string;
  readonly detail?: string;
  constructor(statement: string, error: ServerError) {
    super(error.message);
    this.name = 'PgliteStatementError';
    this.code = error.code;
    this.severity = error.severity;
    this.detail = error.detail;
    this.cause = { statement };
  }
}

/**
 * A named statement on PGlite, bound and run in one call into its Postgres (decision 037).
 * PGlite's `query()` makes six calls for one query (parse, describe, bind, describe, execute, sync),
 * plans it anew each time and decodes every column through its protocol parser; here the statement
 * is parsed and described once, each run is bind, execute and sync in one call, Postgres reuses the
 * plan, and only the rows are decoded. Values and columns are converted by PGlite's own
 * serializers and parsers, so the rows are what `query(text, values, { rowMode: 'array' })` gives.
 *
 * It takes PGlite's transaction lock and then its query lock, as `query()` does, so it never runs
 * inside another caller's open transaction; so it cannot itself be used inside a transaction.
 * The raw exchange skips PGlite's notification dispatch: a read outside any transaction on
 * PGlite's single connection carries no notification, and one would be reported as an error.
 */
export function pgliteStatement(
  client: PGlite,
  name: string,
  text: string,
): (values: readonly unknown[]) => Promise<unknown[][]> {
  const exchange = (message: Buffer): Promise<Reply> =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        if (client.closed) throw new Error(`${name}: the database is closed`);
        const chunks: Buffer[] = [];
        await client.execProtocolRawStream(message, {
          syncToFs: false,
          // The bytes are a view into Postgres's memory, reused by the next call: copy them.
          onRawData: (bytes) => chunks.push(Buffer.from(bytes)),
        });
        const reply = readReply(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
        if (reply.unexpected.length > 0) {
          throw new Error(
            `${name}: unexpected messages in a statement's reply: ${reply.unexpected.join(', ')}`,
          );
        }
        return reply;
      }),
    );

  const prepare = async (): Promise<Prepared> => {
    const reply = await exchange(
      Buffer.concat([parseStatement(name, text), describeStatement(name), sync()]),
    );
    if (reply.error) throw new PgliteStatementError(name, reply.error);
    const parameterTypes = reply.parameterTypes ?? [];
    const columnTypes = reply.columnTypes ?? [];
    return { parameterTypes, columnTypes, columnParsers: columnTypes.map((type) => client.parsers[type]) };
  };

  let prepared: Promise<Prepared> | undefined;
  const preparedOnce = (): Promise<Prepared> => {
    prepared ??= prepare().catch((error: unknown) => {
      prepared = undefined;
      throw error;
    });
    return prepared;
  };

  const serialize = (value: unknown, type: number | undefined): string | null => {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : client.serializers[type];
    return serializer ? serializer(value) : String(value);
  };

  const run = async (values: readonly unknown[], retried: boolean): Promise<unknown[][]> => {
    const { parameterTypes, columnTypes, columnParsers } = await preparedOnce();
    const bound = values.map((value, index) => serialize(value, parameterTypes[index]));
    const reply = await exchange(Buffer.concat([bindStatement(name, bound), executePortal(), sync()]));
    if (reply.error?.code === NO_SUCH_STATEMENT && !retried) {
      // The session forgot it (DEALLOCATE, DISCARD): prepare it again, once.
      prepared = undefined;
      return run(values, true);
    }
    if (reply.error) throw new PgliteStatementError(name, reply.error);
    // Each row is converted in place: one array per row, as the reply already made it.
    const rows: unknown[][] = reply.rows;
    for (const row of rows) {
      for (let column = 0; column < row.length; column++) {
        const parse = columnParsers[column];
        const value = row[column];
        if (parse && typeof value === 'string') row[column] = parse(value, columnTypes[column] as number);
      }
    }
    return rows;
  };

  return (values) => run(values, false);
}
