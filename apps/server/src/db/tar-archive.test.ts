import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { TarArchiveError, unpackTarGz } from './tar-archive';

interface Entry {
  name: string;
  type: '0' | '5' | '2';
  data?: string;
}

/** A ustar header as PGlite's dumpDataDir writes them: names from the root, octal fields, checksum. */
function header({ name, type, data = '' }: Entry): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 100, 'utf8');
  block.write('0000644\0', 100);
  block.write(`${Buffer.byteLength(data).toString(8).padStart(11, '0')}\0`, 124);
  block.write(type, 156);
  block.write('ustar\0' + '00', 257);
  block.fill(0x20, 148, 156);
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

function tarball(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry));
    const data = Buffer.from(entry.data ?? '');
    parts.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

const root = mkdtempSync(path.join(tmpdir(), 'stillpoint-tar-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const scratch = () => mkdtempSync(path.join(root, 'case-'));

function archiveFile(tar: Buffer): string {
  const file = path.join(scratch(), 'archive.tar.gz');
  writeFileSync(file, gzipSync(tar));
  return file;
}

describe('unpackTarGz', () => {
  it('writes every file and folder, empty folders included', () => {
    const file = archiveFile(
      tarball([
        { name: '/PG_VERSION', type: '0', data: '17\n' },
        { name: '/base', type: '5' },
        { name: '/base/1', type: '5' },
        { name: '/base/1/112', type: '0', data: 'x'.repeat(1500) },
        { name: '/pg_tblspc', type: '5' },
      ]),
    );
    const into = path.join(scratch(), 'pglite');
    expect(unpackTarGz(file, into)).toBe(2);
    expect(readFileSync(path.join(into, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(path.join(into, 'base/1/112'), 'utf8')).toBe('x'.repeat(1500));
    expect(readdirSync(path.join(into, 'pg_tblspc'))).toEqual([]);
  });

  it('refuses an entry that would land outside the directory', () => {
    const into = path.join(scratch(), 'pglite');
    const file = archiveFile(tarball([{ name: '/base/../../escaped', type: '0', data: 'no' }]));
    expect(() => unpackTarGz(file, into)).toThrow(/outside the directory/);
    expect(existsSync(path.join(into, '..', 'escaped'))).toBe(false);
  });

  it('refuses links and other entries a data directory never holds', () => {
    const file = archiveFile(tarball([{ name: '/link', type: '2' }]));
    expect(() => unpackTarGz(file, path.join(scratch(), 'pglite'))).toThrow(/tar type '2'/);
  });

  it('refuses a damaged header, a truncated archive and a file that is not gzip', () => {
    const good = tarball([{ name: '/PG_VERSION', type: '0', data: '17\n' }]);
    const damaged = Buffer.from(good);
    damaged.write('Q', 1);
    expect(() => unpackTarGz(archiveFile(damaged), path.join(scratch(), 'a'))).toThrow(/damaged tar header/);

    const truncated = tarball([{ name: '/big', type: '0', data: 'y'.repeat(4000) }]).subarray(0, 1024);
    expect(() => unpackTarGz(archiveFile(truncated), path.join(scratch(), 'b'))).toThrow(/ends inside big/);

    const notGzip = path.join(scratch(), 'plain.tar.gz');
    writeFileSync(notGzip, good);
    expect(() => unpackTarGz(notGzip, path.join(scratch(), 'c'))).toThrow(TarArchiveError);
  });
});
