import { deflateRawSync } from 'node:zlib';

/** CRC-32 (the zip checksum), table-driven. */
const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipInput {
  name: string;
  data: Uint8Array | string;
  /** Store instead of deflate. */
  stored?: boolean;
  /** Lie about the uncompressed size in the directory (a zip bomb's trick). */
  claimedSize?: number;
}

interface EntryFields {
  method: number;
  crc: number;
  compressed: number;
  size: number;
  nameLength: number;
}

/**
 * The fields a local header and its central directory entry share, in the same order, from "version
 * needed" on (offset 4 in a local header, 6 in a central one): version 2.0, UTF-8 names, method, a zero
 * time and date, CRC-32, sizes, name length.
 */
function writeEntryFields(header: Buffer, at: number, f: EntryFields): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x800, at + 2);
  header.writeUInt16LE(f.method, at + 4);
  header.writeUInt32LE(f.crc, at + 10);
  header.writeUInt32LE(f.compressed, at + 14);
  header.writeUInt32LE(f.size, at + 18);
  header.writeUInt16LE(f.nameLength, at + 22);
}

/**
 * A zip archive made in memory, as zip tools write one: local headers, data, central directory, end
 * record; names flagged UTF-8. For tests of the importer's zip reading (Google Takeout downloads).
 */
export function makeZip(entries: readonly ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = typeof e.data === 'string' ? Buffer.from(e.data) : Buffer.from(e.data);
    const body = e.stored ? raw : deflateRawSync(raw);
    const name = Buffer.from(e.name);
    const size = e.claimedSize ?? raw.length;
    const fields: EntryFields = { method: e.stored ? 0 : 8, crc: crc32(raw), compressed: body.length, size, nameLength: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    writeEntryFields(central, 6, fields);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
