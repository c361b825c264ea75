import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

/** One file of a zip archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

/** A zip that cannot be read, or an entry that breaks a bound; the message says which and why. */
export class ZipError extends Error {}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;

/**
 * Reads a zip archive (a Google Takeout export) without unpacking it: the central directory at the end,
 * then only the entries asked for, each read from its offset, so a 2 GB export with photos costs the size
 * of its review files. Zip64 archives are read too. Each entry is inflated with a hard output bound
 * (`maxEntryBytes`): a zip bomb stops at the bound, whatever size its directory claims.
 */
export class ZipFile {
  readonly entries: ZipEntry[];
  readonly #fd: number;
  readonly #size: number;

  constructor(path: string) {
    this.#fd = openSync(path, 'r');
    try {
      this.#size = fstatSync(this.#fd).size;
      this.entries = this.#readDirectory();
    } catch (e) {
      closeSync(this.#fd);
      throw e;
    }
  }

  /** The uncompressed bytes of one entry; refuses an entry over `maxEntryBytes`, encrypted or of another method. */
  read(entry: ZipEntry, maxEntryBytes: number): Buffer {
    if (entry.encrypted) throw new ZipError(`${entry.name}: encrypted entries cannot be read`);
    if (entry.size > maxEntryBytes)
      throw new ZipError(`${entry.name}: ${megabytes(entry.size)} is over the ${megabytes(maxEntryBytes)} a file may have`);
    const local = this.#bytes(entry.localHeaderOffset, 30, `${entry.name}: its local header`);
    if (local.readUInt32LE(0) !== LOCAL) throw new ZipError(`${entry.name}: no local header where the directory says`);
    // The local header's own name and extra field lengths, checked before the data: the message names the part broken.
    const names = local.readUInt16LE(26) + local.readUInt16LE(28);
    this.#within(entry.localHeaderOffset + 30, names, `${entry.name}: its local header's name or extra field`);
    const start = entry.localHeaderOffset + 30 + names;
    const data = this.#bytes(start, entry.compressedSize, `${entry.name}: its compressed data (${entry.compressedSize} bytes)`);
    if (entry.method === STORED) return data;
    if (entry.method !== DEFLATED) throw new ZipError(`${entry.name}: compression method ${entry.method} is not supported (only stored and deflate)`);
    try {
      return inflateRawSync(data, { maxOutputLength: Math.max(1, maxEntryBytes) });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') throw new ZipError(`${entry.name}: inflates to more than ${megabytes(maxEntryBytes)}`);
      throw new ZipError(`${entry.name}: cannot be inflated (${(e as Error).message})`);
    }
  }

  close(): void {
    closeSync(this.#fd);
  }

  /**
   * Offsets and lengths come from the archive itself: a damaged or hostile one may point before its start, past
   * its end or claim gigabytes. Each is checked against the file's size before a byte is allocated or read.
   */
  #within(position: number, length: number, what: string): void {
    const inside = Number.isSafeInteger(position) && Number.isSafeInteger(length) && position >= 0 && length >= 0;
    if (!inside || position + length > this.#size)
      throw new ZipError(`${what} runs past the end of the archive (${this.#size} bytes; is the download complete?)`);
  }

  #bytes(position: number, length: number, what: string): Buffer {
    this.#within(position, length, what);
    const buffer = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.#fd, buffer, done, length - done, position + done);
      if (n === 0) throw new ZipError('the archive ends early (is the download complete?)');
      done += n;
    }
    return buffer;
  }

  #readDirectory(): ZipEntry[] {
    const { count, size, offset } = this.#directoryRecord();
    const dir = this.#bytes(offset, size, 'the central directory');
    const entries: ZipEntry[] = [];
    for (let i = 0, p = 0; i < count; i++) {
      const { entry, next } = centralEntry(dir, p, i);
      entries.push(entry);
      p = next;
    }
    return entries;
  }

  /** Where the central directory is and how many entries it has: the end record's, or the zip64 record's for a large archive. */
  #directoryRecord(): { count: number; size: number; offset: number } {
    const tailLength = Math.min(this.#size, 22 + MAX_COMMENT);
    const tail = this.#bytes(this.#size - tailLength, tailLength, 'the end of central directory');
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    if (at === -1) throw new ZipError('not a zip archive (no end of central directory)');
    const count = tail.readUInt16LE(at + 10);
    const size = tail.readUInt32LE(at + 12);
    const offset = tail.readUInt32LE(at + 16);
    if (count !== 0xffff && size !== 0xffffffff && offset !== 0xffffffff) return { count, size, offset };
    const locatorAt = this.#size - tailLength + at - 20;
    if (locatorAt < 0) throw new ZipError('a zip64 archive without its zip64 locator');
    const locator = this.#bytes(locatorAt, 20, 'the zip64 locator');
    if (locator.readUInt32LE(0) !== EOCD64_LOCATOR) throw new ZipError('a zip64 archive without its zip64 locator');
    const record = this.#bytes(Number(locator.readBigUInt64LE(8)), 56, 'the zip64 directory record');
    if (record.readUInt32LE(0) !== EOCD64) throw new ZipError('a zip64 archive without its zip64 directory record');
    return { count: Number(record.readBigUInt64LE(32)), size: Number(record.readBigUInt64LE(40)), offset: Number(record.readBigUInt64LE(48)) };
  }
}

/** The central directory entry at `p` (the `index`th), and where the next one starts; every length checked against the directory. */
function centralEntry(dir: Buffer, p: number, index: number): { entry: ZipEntry; next: number } {
  if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw new ZipError('the central directory is damaged');
  const flags = dir.readUInt16LE(p + 8);
  const nameLength = dir.readUInt16LE(p + 28);
  const extraLength = dir.readUInt16LE(p + 30);
  const commentLength = dir.readUInt16LE(p + 32);
  const next = p + 46 + nameLength + extraLength + commentLength;
  if (p + 46 + nameLength > dir.length)
    throw new ZipError(`the central directory is damaged: the name of entry ${index + 1} runs past the directory's end`);
  const name = dir.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLength);
  if (next > dir.length)
    throw new ZipError(`${name}: its extra field or comment runs past the end of the central directory (the directory is damaged)`);
  const values = { size: dir.readUInt32LE(p + 24), compressedSize: dir.readUInt32LE(p + 20), localHeaderOffset: dir.readUInt32LE(p + 42) };
  const extra = dir.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength);
  const entry = { name, method: dir.readUInt16LE(p + 10), encrypted: (flags & 1) === 1, ...zip64Values(extra, values, name) };
  return { entry, next };
}

type EntryValues = { size: number; compressedSize: number; localHeaderOffset: number };

/**
 * Zip64: the 64-bit values stand in the extra field (id 1), in this order, for those set to 0xffffffff. Each
 * field's length is checked against the extra field, and the zip64 field's against the values it must hold.
 */
function zip64Values(extra: Buffer, values: EntryValues, name: string): EntryValues {
  const out = { ...values };
  for (let e = 0; e + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(e);
    const length = extra.readUInt16LE(e + 2);
    if (e + 4 + length > extra.length)
      throw new ZipError(`${name}: a field of its extra data runs past the extra field's end (the directory is damaged)`);
    if (id === 1) {
      const wide = (['size', 'compressedSize', 'localHeaderOffset'] as const).filter((k) => values[k] === 0xffffffff);
      if (wide.length * 8 > length)
        throw new ZipError(`${name}: its zip64 extra field is too short for the sizes it must hold (the directory is damaged)`);
      wide.forEach((k, i) => (out[k] = Number(extra.readBigUInt64LE(e + 4 + i * 8))));
    }
    e += 4 + length;
  }
  return out;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
