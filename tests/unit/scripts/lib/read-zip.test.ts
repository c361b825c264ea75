import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentError } from '../../../../core/content/content-error.ts';
import { isTakeoutReviewFile, parseGoogleTakeout } from '../../../../core/import/parse-google-takeout.ts';
import { readSourceFiles } from '../../../../scripts/lib/read-source-files.ts';
import { ZipFile } from '../../../../scripts/lib/read-zip.ts';
import { fixtureFiles } from '../../../helpers/import-fixtures.ts';
import { makeZip } from '../../../helpers/make-zip.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function zipFile(entries: Parameters<typeof makeZip>[0]): string {
  const dir = mkdtempSync(join(tmpdir(), 'shingle-zip-'));
  dirs.push(dir);
  const path = join(dir, 'takeout-20260301T000000Z-001.zip');
  writeFileSync(path, makeZip(entries));
  return path;
}
const shown = (p: string) => p.split('/').at(-1)!;

describe('a Google Takeout .zip, read without unpacking', () => {
  it('reads the review files as the unzipped folder gives them, and ignores the rest', () => {
    const folder = fixtureFiles('takeout-1');
    const path = zipFile([
      ...folder.map((f) => ({ name: f.path, data: f.text })),
      { name: 'Takeout/Google Photos/IMG_0001.jpg', data: Buffer.alloc(5000, 7), stored: true },
      { name: 'Takeout/archive_browser.html', data: '<html></html>' },
    ]);
    const files = readSourceFiles(path, isTakeoutReviewFile, shown);
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((f) => f.path)).toEqual(
      folder.filter((f) => isTakeoutReviewFile(f.path)).map((f) => `takeout-20260301T000000Z-001.zip:${f.path}`),
    );
    const fromZip = parseGoogleTakeout(files, { timeZone: 'America/Denver' });
    const fromFolder = parseGoogleTakeout(
      folder.filter((f) => isTakeoutReviewFile(f.path)),
      { timeZone: 'America/Denver' },
    );
    expect(fromZip.issues).toEqual([]);
    expect(fromZip.reviews.map((r) => r.fields)).toEqual(fromFolder.reviews.map((r) => r.fields));
  });

  it('stops a zip bomb at the bound, whatever size the directory claims', () => {
    const path = zipFile([
      { name: 'Takeout/Google Business Profile/account-1/location-1/reviews.json', data: Buffer.alloc(4_000_000, 32), claimedSize: 100 },
    ]);
    expect(readFileSync(path).length).toBeLessThan(10_000);
    const zip = new ZipFile(path);
    try {
      expect(() => zip.read(zip.entries[0]!, 1_000_000)).toThrow(/inflates to more than 1 MB/);
    } finally {
      zip.close();
    }
    expect(() => readSourceFiles(path, isTakeoutReviewFile, shown, { maxBytes: 1_000_000 })).toThrow(ContentError);
  });

  it('refuses an entry whose directory says it is over the bound, naming it', () => {
    const path = zipFile([{ name: 'Takeout/Google Business Profile/account-1/location-1/reviews.json', data: '{}', claimedSize: 600 * 1024 * 1024 }]);
    expect(() => readSourceFiles(path, isTakeoutReviewFile, shown)).toThrow(/reviews\.json 600 MB is more than the 256 MB/);
  });

  it('says what is wrong with a file that is no zip, or a truncated one', () => {
    const path = zipFile([{ name: 'a.json', data: '{}' }]);
    writeFileSync(path, readFileSync(path).subarray(0, 40));
    expect(() => readSourceFiles(path, () => true, shown)).toThrow(/not a zip archive/);
  });
});

/**
 * Damaged zips, made from a good one of a single entry by overwriting the offsets and lengths the reader takes
 * from it. Each must give the reader's own error, naming the part (and the entry) that is broken, never a bare
 * RangeError from Node ("The value of "length" is out of range … Received -16").
 */
describe('a damaged zip: every offset and length it gives is checked against the file', () => {
  const NAME = 'Takeout/Google Business Profile/account-1/location-1/reviews.json';
  /** One entry: local header at 0, central directory after the data, end record last. */
  function zip(): { bytes: Buffer; central: number; end: number } {
    const bytes = makeZip([{ name: NAME, data: '{"reviews":[]}' }]);
    const end = bytes.length - 22;
    return { bytes, central: bytes.readUInt32LE(end + 16), end };
  }
  function zipFileOf(bytes: Buffer): string {
    const path = zipFile([]);
    writeFileSync(path, bytes);
    return path;
  }
  /** The message the importer reports for the zip (one issue, on the zip itself), never a crash. */
  function reported(bytes: Buffer): string {
    try {
      readSourceFiles(zipFileOf(bytes), isTakeoutReviewFile, shown);
    } catch (e) {
      expect(e).toBeInstanceOf(ContentError);
      const issues = (e as ContentError).issues;
      expect(issues).toHaveLength(1);
      expect(issues[0]!.file).toBe('takeout-20260301T000000Z-001.zip');
      return issues[0]!.message;
    }
    throw new Error('the damaged zip was read');
  }
  /** The entry's central record with `extra` as its extra field (the directory's size in the end record follows). */
  function withCentralExtra(extra: Buffer, compressedSize?: number): Buffer {
    const { bytes, central, end } = zip();
    const nameEnd = central + 46 + NAME.length;
    const out = Buffer.concat([bytes.subarray(0, nameEnd), extra, bytes.subarray(nameEnd)]);
    out.writeUInt16LE(extra.length, central + 30);
    if (compressedSize !== undefined) out.writeUInt32LE(compressedSize, central + 20);
    out.writeUInt32LE(out.readUInt32LE(end + extra.length + 12) + extra.length, end + extra.length + 12);
    return out;
  }

  it('a local header whose name length runs past the end of the file', () => {
    const { bytes } = zip();
    bytes.writeUInt16LE(0xffff, 26);
    expect(reported(bytes)).toBe(
      `${NAME}: its local header's name or extra field runs past the end of the archive (${bytes.length} bytes; is the download complete?)`,
    );
  });

  it('a local header whose extra field length runs past the end of the file', () => {
    const { bytes } = zip();
    bytes.writeUInt16LE(0xfff0, 28);
    expect(reported(bytes)).toMatch(new RegExp(`^${NAME}: its local header's name or extra field runs past the end of the archive`));
  });

  it('a compressed size past the end of the file, by a little or by 4 GB (never allocated: -16 as a 32-bit length)', () => {
    for (const past of [false, true]) {
      const { bytes, central } = zip();
      const size = past ? 0xfffffff0 : bytes.length; // the data starts past byte 0, so even the file's size is too much
      bytes.writeUInt32LE(size, central + 20);
      expect(reported(bytes)).toMatch(new RegExp(`^${NAME}: its compressed data \\(${size} bytes\\) runs past the end of the archive`));
    }
  });

  it('a local header offset past the end of the file', () => {
    const { bytes, central } = zip();
    bytes.writeUInt32LE(0xfffffff0, central + 42);
    expect(reported(bytes)).toMatch(new RegExp(`^${NAME}: its local header runs past the end of the archive`));
  });

  it('a central directory whose offset or size runs past the end of the file', () => {
    const { bytes, end } = zip();
    bytes.writeUInt32LE(bytes.length + 100, end + 16);
    expect(reported(bytes)).toMatch(/^the central directory runs past the end of the archive/);
    const sized = zip();
    sized.bytes.writeUInt32LE(0xfffffff0, sized.end + 12);
    expect(reported(sized.bytes)).toMatch(/^the central directory runs past the end of the archive/);
  });

  it('a central entry whose name, extra field or comment length runs past the directory', () => {
    const named = zip();
    named.bytes.writeUInt16LE(0xffff, named.central + 28);
    expect(reported(named.bytes)).toBe("the central directory is damaged: the name of entry 1 runs past the directory's end");
    for (const field of [30, 32]) {
      const { bytes, central } = zip();
      bytes.writeUInt16LE(0xfff0, central + field);
      expect(reported(bytes)).toBe(`${NAME}: its extra field or comment runs past the end of the central directory (the directory is damaged)`);
    }
  });

  it('an extra field whose own length runs past the extra field, or a zip64 field too short for its sizes', () => {
    const field = (id: number, length: number, data: Buffer) => Buffer.concat([Buffer.from([id & 0xff, id >> 8, length & 0xff, length >> 8]), data]);
    expect(reported(withCentralExtra(field(0x5455, 200, Buffer.alloc(5))))).toBe(
      `${NAME}: a field of its extra data runs past the extra field's end (the directory is damaged)`,
    );
    expect(reported(withCentralExtra(field(1, 4, Buffer.alloc(4)), 0xffffffff))).toBe(
      `${NAME}: its zip64 extra field is too short for the sizes it must hold (the directory is damaged)`,
    );
    // A well-formed zip64 field is read: its compressed size stands for the 0xffffffff in the directory.
    const real = zip().bytes.readUInt32LE(zip().central + 20);
    const size = Buffer.alloc(8);
    size.writeBigUInt64LE(BigInt(real));
    expect(readSourceFiles(zipFileOf(withCentralExtra(field(1, 8, size), 0xffffffff)), isTakeoutReviewFile, shown)).toHaveLength(1);
  });

  it('zip64 records that point before the start of the file or past its end', () => {
    // An end record claiming zip64 at the very start: its locator would lie 20 bytes before the file.
    const empty = Buffer.alloc(22);
    empty.writeUInt32LE(0x06054b50, 0);
    empty.writeUInt16LE(0xffff, 10);
    expect(reported(empty)).toBe('a zip64 archive without its zip64 locator');
    // A locator whose record offset is far past the end (2^60, beyond what a file position can be).
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(2n ** 60n, 8);
    expect(reported(Buffer.concat([locator, empty]))).toMatch(/^the zip64 directory record runs past the end of the archive/);
  });
});
