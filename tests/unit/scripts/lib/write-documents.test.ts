import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RenderedDocument } from '../../../../core/build/render-documents.ts';
import { brotliWindow } from '../../../../core/http/brotli-window.ts';
import { ARCHIVE_BROTLI_QUALITY, brotliQuality, writeDocuments } from '../../../../scripts/lib/write-documents.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-wd-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// Every variant is made here, not taken from the machine's compression cache (a cached one would hide how it is made:
// on the pool, or on the writer's own thread).
vi.stubEnv('SHINGLE_COMPRESSION_CACHE', 'off');
afterAll(() => vi.unstubAllEnvs());

const body = JSON.stringify({
  reviews: Array.from({ length: 200 }, (_, i) => ({ id: `r-${i}`, text: `The crew cleaned up every nail, job ${i}.` })),
});
const doc: RenderedDocument = { path: '/reviews.json', kind: 'reviews', contentType: 'application/json; charset=utf-8', body, updated: '2026-11-01' };

describe('writeDocuments', () => {
  it('writes each document with gzip and brotli variants that decode to it, at either effort', async () => {
    const sizes: Record<string, number> = {};
    for (const effort of ['best', 'fast'] as const) {
      const dir = join(scratch, effort);
      const [entry] = await writeDocuments(dir, [doc], { effort });
      const plain = readFileSync(join(dir, 'reviews.json'));
      expect(plain.toString('utf8')).toBe(body);
      expect(gunzipSync(readFileSync(join(dir, entry!.gzip.file))).equals(plain)).toBe(true);
      expect(brotliDecompressSync(readFileSync(join(dir, entry!.br.file))).equals(plain)).toBe(true);
      sizes[effort] = entry!.br.bytes;
    }
    // The published build compresses hardest; the fixtures' throw-away builds trade size for time.
    expect(sizes.best).toBeLessThan(sizes.fast!);
  });

  it('writes the same bytes and entries whether it compresses on the pool or on its own thread', async () => {
    const [pool, thread] = [join(scratch, 'pool'), join(scratch, 'thread')];
    const [a] = await writeDocuments(pool, [doc], { on: 'pool' });
    const [b] = await writeDocuments(thread, [doc], { on: 'thread' });
    expect(b).toEqual(a);
    for (const file of [a!.gzip.file, a!.br.file]) expect(readFileSync(join(thread, file)).equals(readFileSync(join(pool, file)))).toBe(true);
    expect(brotliDecompressSync(readFileSync(join(thread, b!.br.file))).toString('utf8')).toBe(body);
  });

  it('compresses a since file at the brotli quality of the archive pages (all 31 are rewritten with every new review)', async () => {
    const since: RenderedDocument = { ...doc, path: '/api/reviews/since/2026-11-01', kind: 'since' };
    const dir = join(scratch, 'since');
    const [entry, other] = await writeDocuments(dir, [since, doc]);
    const params = (quality: number) => ({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindow(Buffer.byteLength(body)),
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    expect(readFileSync(join(dir, entry!.br.file)).equals(brotliCompressSync(body, params(ARCHIVE_BROTLI_QUALITY)))).toBe(true);
    expect(readFileSync(join(dir, other!.br.file)).equals(brotliCompressSync(body, params(brotliQuality(Buffer.byteLength(body)))))).toBe(true);
    expect(ARCHIVE_BROTLI_QUALITY).toBeLessThan(brotliQuality(Buffer.byteLength(body)));
  });
});
