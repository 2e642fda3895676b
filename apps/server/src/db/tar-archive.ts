import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The archive could not be read: truncated, damaged, or holding something a data directory never does. */
export class TarArchiveError extends Error {
  override name = 'TarArchiveError';
}

const BLOCK = 512;

/**
 * Unpacks a gzipped tarball as PGlite's `dumpDataDir('gzip')` writes it (ustar: regular files and
 * directories) into `intoDir`. Done here with Node's own gunzip and file writes rather than through
 * PGlite's `loadDataDir`, which copies every file through the database's in-memory file system and
 * leaves the process heavier by far more than the archive's size. Returns how many files it wrote.
 */
export function unpackTarGz(file: string, intoDir: string): number {
  let tar: Buffer;
  try {
    tar = gunzipSync(readFileSync(file));
  } catch (error) {
    throw new TarArchiveError(`${file} is not a readable gzip file (${(error as Error).message}).`);
  }
  let files = 0;
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    // Two zero blocks end the archive; one is enough to know.
    if (header.every((byte) => byte === 0)) return files;
    checkHeader(header, file, offset);
    const name = safeName(joinName(text(header, 345, 155), text(header, 0, 100)), file);
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const start = offset + BLOCK;
    const end = start + size;
    if (end > tar.length) throw new TarArchiveError(`${file} ends inside ${name}.`);
    const target = path.join(intoDir, name);
    if (type === '5') {
      mkdirSync(target, { recursive: true });
    } else if (type === '0' || type === '\0') {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, tar.subarray(start, end));
      files += 1;
    } else {
      throw new TarArchiveError(
        `${file} holds ${name} of tar type '${type}'; a data directory has only files and folders.`,
      );
    }
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new TarArchiveError(`${file} ends without the tar end-of-archive marker.`);
}

/** A header's checksum: the sum of its bytes with the checksum field counted as spaces. */
function checkHeader(header: Buffer, file: string, offset: number): void {
  const expected = octal(header, 148, 8);
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1) {
    sum += index >= 148 && index < 156 ? 0x20 : (header[index] ?? 0);
  }
  if (sum !== expected) throw new TarArchiveError(`${file} has a damaged tar header at byte ${offset}.`);
}

function text(header: Buffer, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
}

function octal(header: Buffer, start: number, length: number): number {
  const value = text(header, start, length).trim();
  return value === '' ? 0 : Number.parseInt(value, 8);
}

const joinName = (prefix: string, name: string) => (prefix ? `${prefix}/${name}` : name);

/** The entry's path inside the directory: PGlite writes them from the root ("/base/1/…"). */
function safeName(name: string, file: string): string {
  const relative = name.replace(/^\/+/, '').replace(/\/+$/, '');
  const parts = relative.split('/');
  if (relative === '' || parts.some((part) => part === '..' || part === '.' || part === '')) {
    throw new TarArchiveError(
      `${file} holds an entry named "${name}", which would land outside the directory.`,
    );
  }
  return relative;
}
