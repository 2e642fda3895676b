import { describe, expect, it } from 'vitest';
import { bindStatement, parseStatement, readReply, sync } from './wire-protocol';

/** A backend message: type byte, length (itself included), body. */
function backend(type: string, ...body: Buffer[]): Buffer {
  const content = Buffer.concat(body);
  const length = Buffer.alloc(4);
  length.writeInt32BE(content.length + 4);
  return Buffer.concat([Buffer.from(type, 'latin1'), length, content]);
}

const int16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeInt16BE(value);
  return bytes;
};
const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
const text = (value: string) => [int32(Buffer.byteLength(value)), Buffer.from(value)];
const readyForQuery = backend('Z', Buffer.from('I'));

describe('frontend messages', () => {
  it('binds values with their length in bytes, not characters, and null as -1', () => {
    const message = bindStatement('sites', ['ünïcode 😀', null]);
    expect(message.subarray(0, 1).toString()).toBe('B');
    expect(message.readInt32BE(1)).toBe(message.length - 1);
    // Portal '' then the statement's name, both null-terminated; no parameter format codes.
    let at = 5;
    expect(message[at]).toBe(0);
    at += 1;
    expect(message.toString('utf8', at, at + 5)).toBe('sites');
    at += 6;
    expect(message.readInt16BE(at)).toBe(0);
    expect(message.readInt16BE(at + 2)).toBe(2);
    at += 4;
    const length = Buffer.byteLength('ünïcode 😀');
    expect(message.readInt32BE(at)).toBe(length);
    expect(message.toString('utf8', at + 4, at + 4 + length)).toBe('ünïcode 😀');
    at += 4 + length;
    expect(message.readInt32BE(at)).toBe(-1);
    // No result format codes: every column as text.
    expect(message.readInt16BE(at + 4)).toBe(0);
    expect(at + 6).toBe(message.length);
  });

  it('frames a parse and a sync', () => {
    const parse = parseStatement('q', 'select 1');
    expect(parse.toString('latin1')).toBe('P\0\0\0\x11q\0select 1\0\0\0');
    expect([...sync()]).toEqual([0x53, 0, 0, 0, 4]);
  });
});

describe('readReply', () => {
  it('reads rows with nulls and multi-byte text, and a statement description', () => {
    const description = backend(
      'T',
      int16(2),
      Buffer.from('id\0'),
      int32(16_384),
      int16(1),
      int32(2950),
      int16(16),
      int32(-1),
      int16(0),
      Buffer.from('n\0'),
      int32(0),
      int16(0),
      int32(20),
      int16(8),
      int32(-1),
      int16(0),
    );
    const reply = readReply(
      Buffer.concat([
        backend('1'),
        backend('t', int16(2), int32(25), int32(1184)),
        description,
        backend('D', int16(2), ...text('ça 😀'), int32(-1)),
        backend('D', int16(2), ...text(''), ...text('42')),
        backend('C', Buffer.from('SELECT 2\0')),
        readyForQuery,
      ]),
    );
    expect(reply).toEqual({
      rows: [
        ['ça 😀', null],
        ['', '42'],
      ],
      parameterTypes: [25, 1184],
      columnTypes: [2950, 20],
      error: null,
      unexpected: [],
    });
  });

  it('keeps the first error with its code, and names messages a statement never gets', () => {
    const error = (code: string, message: string) =>
      backend('E', Buffer.from(`SERROR\0C${code}\0M${message}\0Dmore\0\0`));
    const notification = backend('A', int32(1), Buffer.from('channel\0payload\0'));
    const reply = readReply(
      Buffer.concat([
        error('22P02', 'invalid input syntax for type uuid: "x"'),
        error('XX000', 'later'),
        notification,
        readyForQuery,
      ]),
    );
    expect(reply.error).toEqual({
      code: '22P02',
      message: 'invalid input syntax for type uuid: "x"',
      severity: 'ERROR',
      detail: 'more',
    });
    expect(reply.rows).toEqual([]);
    expect(reply.unexpected).toEqual(['A']);
  });

  it('reads NoData as a statement with no columns', () => {
    expect(
      readReply(Buffer.concat([backend('t', int16(0)), backend('n'), readyForQuery])).columnTypes,
    ).toEqual([]);
  });
});
