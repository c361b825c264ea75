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

  constructor(path: string) {
    this.#fd = openSync(path, 'r');
    try {
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
    const local = this.#bytes(entry.localHeaderOffset, 30);
    if (local.readUInt32LE(0) !== LOCAL) throw new ZipError(`${entry.name}: no local header where the directory says`);
    const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    const data = this.#bytes(start, entry.compressedSize);
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

  #bytes(position: number, length: number): Buffer {
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
    const fileSize = fstatSync(this.#fd).size;
    const tailLength = Math.min(fileSize, 22 + MAX_COMMENT);
    const tail = this.#bytes(fileSize - tailLength, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    if (at === -1) throw new ZipError('not a zip archive (no end of central directory)');
    let count = tail.readUInt16LE(at + 10);
    let size = tail.readUInt32LE(at + 12);
    let offset = tail.readUInt32LE(at + 16);
    if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      const locatorAt = fileSize - tailLength + at - 20;
      const locator = this.#bytes(locatorAt, 20);
      if (locator.readUInt32LE(0) !== EOCD64_LOCATOR) throw new ZipError('a zip64 archive without its zip64 locator');
      const record = this.#bytes(Number(locator.readBigUInt64LE(8)), 56);
      if (record.readUInt32LE(0) !== EOCD64) throw new ZipError('a zip64 archive without its zip64 directory record');
      count = Number(record.readBigUInt64LE(32));
      size = Number(record.readBigUInt64LE(40));
      offset = Number(record.readBigUInt64LE(48));
    }
    if (offset + size > fileSize) throw new ZipError('the central directory lies past the end of the file (is the download complete?)');
    const dir = this.#bytes(offset, size);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw new ZipError('the central directory is damaged');
      const flags = dir.readUInt16LE(p + 8);
      const nameLength = dir.readUInt16LE(p + 28);
      const extraLength = dir.readUInt16LE(p + 30);
      const commentLength = dir.readUInt16LE(p + 32);
      const name = dir.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLength);
      let compressedSize = dir.readUInt32LE(p + 20);
      let uncompressed = dir.readUInt32LE(p + 24);
      let localHeaderOffset = dir.readUInt32LE(p + 42);
      // Zip64: the 64-bit values stand in the extra field (id 1), in this order, for those set to 0xffffffff.
      for (let e = p + 46 + nameLength; e + 4 <= p + 46 + nameLength + extraLength; ) {
        const id = dir.readUInt16LE(e);
        const length = dir.readUInt16LE(e + 2);
        if (id === 1) {
          let q = e + 4;
          const next = () => Number(dir.readBigUInt64LE((q += 8) - 8));
          if (uncompressed === 0xffffffff) uncompressed = next();
          if (compressedSize === 0xffffffff) compressedSize = next();
          if (localHeaderOffset === 0xffffffff) localHeaderOffset = next();
        }
        e += 4 + length;
      }
      entries.push({
        name,
        method: dir.readUInt16LE(p + 10),
        encrypted: (flags & 1) === 1,
        compressedSize,
        size: uncompressed,
        localHeaderOffset,
      });
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  }
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
