import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { RenderedDocument } from '../../../../core/build/render-documents.ts';
import { writeDocuments, writeDocumentsInWorker } from '../../../../scripts/lib/write-documents.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-wd-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const body = JSON.stringify({
  reviews: Array.from({ length: 200 }, (_, i) => ({ id: `r-${i}`, text: `The crew cleaned up every nail, job ${i}.` })),
});
const doc: RenderedDocument = { path: '/reviews.json', kind: 'reviews', contentType: 'application/json; charset=utf-8', body, updated: '2026-11-01' };

describe('writeDocuments', () => {
  it('writes each document with gzip and brotli variants that decode to it, at either effort', async () => {
    const sizes: Record<string, number> = {};
    for (const effort of ['best', 'fast'] as const) {
      const dir = join(scratch, effort);
      const [entry] = await writeDocuments(dir, [doc], effort);
      const plain = readFileSync(join(dir, 'reviews.json'));
      expect(plain.toString('utf8')).toBe(body);
      expect(gunzipSync(readFileSync(join(dir, entry!.gzip.file))).equals(plain)).toBe(true);
      expect(brotliDecompressSync(readFileSync(join(dir, entry!.br.file))).equals(plain)).toBe(true);
      sizes[effort] = entry!.br.bytes;
    }
    // The published build compresses hardest; the fixtures' throw-away builds trade size for time.
    expect(sizes.best).toBeLessThan(sizes.fast!);
  });

  it('on a worker thread (as the build runs it): the same files and manifest entries, non-ASCII text intact', async () => {
    const accented: RenderedDocument = { ...doc, path: '/api/feed.json', body: `${body.slice(0, -2)}, "note": "Señor Núñez’s roof ✓"}]}` };
    const [inThread, inWorker] = [join(scratch, 'thread'), join(scratch, 'worker')];
    const expected = await writeDocuments(inThread, [doc, accented], 'best');
    const entries = await writeDocumentsInWorker(inWorker, [doc, accented]);
    expect(entries).toEqual(expected);
    for (const file of ['reviews.json', 'reviews.json.br', 'api/feed.json', 'api/feed.json.gz'])
      expect(readFileSync(join(inWorker, file)).equals(readFileSync(join(inThread, file)))).toBe(true);
    expect(readFileSync(join(inWorker, 'api/feed.json'), 'utf8')).toBe(accented.body);
  });

  it('on a worker thread: a write that fails rejects with its message', async () => {
    const blocked = join(scratch, 'blocked');
    writeFileSync(blocked, 'a file where the folder should be');
    await expect(writeDocumentsInWorker(blocked, [doc])).rejects.toThrow(/EEXIST|ENOTDIR/);
  });
});
