import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressionCacheDir, createCompressionCache } from '../../../../scripts/lib/compression-cache.ts';
import { compress, variantSettings } from '../../../../scripts/lib/write-documents.ts';
import { runOnFullDisk } from '../../../helpers/run-on-full-disk.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-cc-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const page = (n: number) => Buffer.from(`<!doctype html><title>p${n}</title>${'<p>The crew cleaned up every nail.</p>'.repeat(40)}`);

describe('the compression cache', () => {
  it('gives a second build of the same body the same bytes, from the cache', async () => {
    const cache = createCompressionCache(join(scratch, 'a'));
    const first = await compress(page(1), cache);
    expect(readdirSync(join(scratch, 'a'))).toHaveLength(1);
    const hit = await cache.get(page(1), variantSettings(page(1).length));
    expect(hit?.br.equals(first.br)).toBe(true);
    const second = await compress(page(1), cache);
    expect(second.gz.equals(first.gz) && second.br.equals(first.br)).toBe(true);
    expect(await cache.get(page(2), variantSettings(page(2).length))).toBeNull();
  });

  it('leaves no half-written entry when the disk fills up', () => {
    const dir = join(scratch, 'full');
    const moduleUrl = pathToFileURL(join(import.meta.dirname, '../../../../scripts/lib/compression-cache.ts')).href;
    const variants = `{ gz: Buffer.alloc(${64 * 1024}, 1), br: Buffer.alloc(${64 * 1024}, 2) }`; // past what the disk can take
    const run = runOnFullDisk(`
      import { createCompressionCache } from ${JSON.stringify(moduleUrl)};
      await createCompressionCache(${JSON.stringify(dir)}).put(Buffer.from('a page'), 'p', ${variants});
      console.log('stored');
    `);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('stored'); // the cache never fails a build
    expect(readdirSync(dir)).toEqual([]);
  });

  it('covers bodies of every size: a month archive of over 256 KB is not compressed again', async () => {
    const dir = join(scratch, 'big');
    const cache = createCompressionCache(dir);
    const big = Buffer.from(
      Array.from({ length: 6000 }, (_, i) => `<article id="r-${i}"><p>Review ${i * 7919}: the crew was on time.</p></article>`).join(''),
    );
    expect(big.length).toBeGreaterThan(256 * 1024);
    const first = await compress(big, cache);
    expect(readdirSync(dir)).toHaveLength(1);
    const hit = await cache.get(big, variantSettings(big.length));
    expect(hit?.br.equals(first.br) && hit.gz.equals(first.gz)).toBe(true);
  });

  it('keeps archive pages (compressed at ARCHIVE_BROTLI_QUALITY) apart from the same bytes at 11', async () => {
    const cache = createCompressionCache(join(scratch, 'archive'));
    const archived = await compress(page(9), cache, true);
    expect(brotliDecompressSync(archived.br).equals(page(9))).toBe(true);
    expect(await cache.get(page(9), variantSettings(page(9).length, true))).not.toBeNull();
    expect(await cache.get(page(9), variantSettings(page(9).length))).toBeNull();
  });

  it('never serves an entry that does not decompress to the body (planted or truncated files)', async () => {
    const dir = join(scratch, 'b');
    const cache = createCompressionCache(dir);
    await compress(page(3), cache);
    const entry = join(dir, readdirSync(dir)[0]!);
    const packed = readFileSync(entry);
    const gzEnd = 4 + packed.readUInt32BE(0);
    // The right gzip with a planted brotli variant, then entries cut short anywhere.
    writeFileSync(entry, Buffer.concat([packed.subarray(0, gzEnd), brotliCompressSync(Buffer.from('<script>alert(1)</script>'))]));
    expect(await cache.get(page(3), variantSettings(page(3).length))).toBeNull();
    const again = await compress(page(3), cache);
    expect(brotliDecompressSync(again.br).equals(page(3))).toBe(true);
    expect(gunzipSync(again.gz).equals(page(3))).toBe(true);
    expect((await cache.get(page(3), variantSettings(page(3).length)))?.br.equals(again.br)).toBe(true);
    // Decoders stop at the end of a stream and ignore what follows: an entry with a tail is refused, not served with it.
    const good = readFileSync(entry);
    for (const tail of [Buffer.from('<script>alert(1)</script>'), Buffer.alloc(16)]) {
      writeFileSync(entry, Buffer.concat([good, tail]));
      expect(await cache.get(page(3), variantSettings(page(3).length))).toBeNull();
      const [head, gz, br] = [good.subarray(0, 4), good.subarray(4, gzEnd), good.subarray(gzEnd)];
      const longer = Buffer.from(head);
      longer.writeUInt32BE(gz.length + tail.length);
      writeFileSync(entry, Buffer.concat([longer, gz, tail, br]));
      expect(await cache.get(page(3), variantSettings(page(3).length))).toBeNull();
    }
    writeFileSync(entry, good);
    for (const cut of [2, 10, gzEnd, gzEnd + 10]) {
      writeFileSync(entry, readFileSync(entry).subarray(0, cut));
      expect(await cache.get(page(3), variantSettings(page(3).length))).toBeNull();
      await compress(page(3), cache);
    }
  });

  it('prunes entries unused for 30 days and keeps the rest', async () => {
    const dir = join(scratch, 'c');
    const cache = createCompressionCache(dir);
    await compress(page(4), cache);
    await compress(page(5), cache);
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    const [stale, kept] = readdirSync(dir).sort();
    utimesSync(join(dir, stale!), old, old);
    // Entries of earlier builds, one file per variant, are pruned the same way.
    const earlier = ['a', 'b'].map((c) => `${c.repeat(64)}`).flatMap((key) => [`${key}.gz`, `${key}.br`]);
    for (const name of earlier) {
      writeFileSync(join(dir, name), 'x');
      utimesSync(join(dir, name), old, old);
    }
    await cache.prune();
    expect(readdirSync(dir)).toEqual([kept]);
  });

  it('touches nothing through a planted link or in a folder others may write to', async () => {
    const victim = join(scratch, 'victim');
    mkdirSync(victim);
    writeFileSync(join(victim, 'notes.txt'), 'keep me');
    const old = new Date(Date.now() - 365 * 24 * 3600 * 1000);
    utimesSync(join(victim, 'notes.txt'), old, old);
    symlinkSync(victim, join(scratch, 'link'));
    const linked = createCompressionCache(join(scratch, 'link'));
    await compress(page(6), linked);
    await linked.prune();
    expect(readdirSync(victim)).toEqual(['notes.txt']);
    const open = join(scratch, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    await compress(page(6), createCompressionCache(open));
    expect(readdirSync(open)).toEqual([]);
  });

  it('is off with SHINGLE_COMPRESSION_CACHE=off, elsewhere with a folder given', () => {
    expect(compressionCacheDir({ SHINGLE_COMPRESSION_CACHE: 'off' })).toBeNull();
    expect(compressionCacheDir({ SHINGLE_COMPRESSION_CACHE: '/srv/cache' })).toBe('/srv/cache');
    expect(compressionCacheDir({})).toBe(join(tmpdir(), 'shingle-compression-cache'));
  });
});
