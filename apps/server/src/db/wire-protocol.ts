/**
 * The few PostgreSQL wire-protocol messages a named statement needs, and a reader of the backend's
 * reply (https://www.postgresql.org/docs/current/protocol-message-formats.html). Used to talk to
 * PGlite's Postgres directly (decision 037); node-postgres speaks the protocol for PostgreSQL.
 */

const int16 = (value: number): Buffer => {
  const bytes = Buffer.allocUnsafe(2);
  bytes.writeInt16BE(value);
  return bytes;
};

const int32 = (value: number): Buffer => {
  const bytes = Buffer.allocUnsafe(4);
  bytes.writeInt32BE(value);
  return bytes;
};

const cstring = (text: string): Buffer => Buffer.from(`${text}\0`, 'utf8');

/** One frontend message: its type byte, its length (itself included), its body. */
function message(type: string, ...body: Buffer[]): Buffer {
  const length = body.reduce((sum, part) => sum + part.length, 4);
  return Buffer.concat([Buffer.from(type, 'latin1'), int32(length), ...body], length + 1);
}

/** Parse: names a statement; the parameter types are left to the server to infer. */
export const parseStatement = (name: string, text: string): Buffer =>
  message('P', cstring(name), cstring(text), int16(0));

/** Describe a statement: the server answers with its parameter types and its row description. */
export const describeStatement = (name: string): Buffer => message('D', Buffer.from('S'), cstring(name));

/** Bind the unnamed portal to a named statement, every value and every column in text form. */
export function bindStatement(name: string, values: readonly (string | null)[]): Buffer {
  const parameters = values.flatMap((value) => {
    if (value === null) return [int32(-1)];
    const text = Buffer.from(value, 'utf8');
    return [int32(text.length), text];
  });
  return message('B', cstring(''), cstring(name), int16(0), int16(values.length), ...parameters, int16(0));
}

/** Execute the unnamed portal, every row. */
export const executePortal = (): Buffer => message('E', cstring(''), int32(0));

/** Sync: ends the exchange; after an error the server skips everything up to it. */
export const sync = (): Buffer => message('S');

/** An ErrorResponse's fields, as PostgreSQL names them (`C` the SQLSTATE, `M` the message, …). */
export interface ServerError {
  code: string;
  message: string;
  severity?: string;
  detail?: string;
}

/** What the backend answered to one exchange, up to its ReadyForQuery. */
export interface Reply {
  /** DataRow messages, each column as text (null for SQL NULL). */
  rows: (string | null)[][];
  /** ParameterDescription's type OIDs, when a statement was described. */
  parameterTypes: number[] | null;
  /** RowDescription's type OIDs (an empty list for NoData), when a statement was described. */
  columnTypes: number[] | null;
  error: ServerError | null;
  /** Messages a statement's exchange never carries (a notification, a copy); named by type byte. */
  unexpected: string[];
}

function readError(data: Buffer, start: number, end: number): ServerError {
  const fields = new Map<string, string>();
  let at = start;
  while (at < end && data[at] !== 0) {
    const field = String.fromCharCode(data[at] as number);
    const close = data.indexOf(0, at + 1);
    fields.set(field, data.toString('utf8', at + 1, close));
    at = close + 1;
  }
  return {
    code: fields.get('C') ?? '',
    message: fields.get('M') ?? 'unknown database error',
    severity: fields.get('S'),
    detail: fields.get('D'),
  };
}

function readDataRow(data: Buffer, start: number): (string | null)[] {
  const count = data.readInt16BE(start);
  const row = new Array<string | null>(count);
  let at = start + 2;
  for (let column = 0; column < count; column++) {
    const length = data.readInt32BE(at);
    at += 4;
    if (length < 0) {
      row[column] = null;
    } else {
      row[column] = data.toString('utf8', at, at + length);
      at += length;
    }
  }
  return row;
}

function readRowTypes(data: Buffer, start: number): number[] {
  const count = data.readInt16BE(start);
  const types: number[] = [];
  let at = start + 2;
  for (let column = 0; column < count; column++) {
    at = data.indexOf(0, at) + 1; // the column's name
    types.push(data.readInt32BE(at + 6)); // after the table OID and the column number
    at += 18;
  }
  return types;
}

function readParameterTypes(data: Buffer, start: number): number[] {
  const count = data.readInt16BE(start);
  return Array.from({ length: count }, (_, index) => data.readInt32BE(start + 2 + 4 * index));
}

/** Reads every backend message in `data`: rows, descriptions and the first error. */
export function readReply(data: Buffer): Reply {
  const reply: Reply = { rows: [], parameterTypes: null, columnTypes: null, error: null, unexpected: [] };
  let at = 0;
  while (at + 5 <= data.length) {
    const type = String.fromCharCode(data[at] as number);
    const end = at + 1 + data.readInt32BE(at + 1);
    const body = at + 5;
    if (type === 'D') reply.rows.push(readDataRow(data, body));
    else if (type === 'T') reply.columnTypes = readRowTypes(data, body);
    else if (type === 'n') reply.columnTypes = [];
    else if (type === 't') reply.parameterTypes = readParameterTypes(data, body);
    else if (type === 'E') reply.error ??= readError(data, body, end);
    else if (type === 'A' || type === 'G' || type === 'H' || type === 'W') reply.unexpected.push(type);
    // ParseComplete, BindComplete, CommandComplete, a notice, ReadyForQuery: nothing to keep.
    at = end;
  }
  return reply;
}
