import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../../../core/build/build-manifest-schema.ts';
import { renderReviewsDocument } from '../../../../core/feeds/render-reviews-document.ts';
import { checkContent, checkDist } from '../../../../scripts/lib/check-dist.ts';
import { writeDocuments } from '../../../../scripts/lib/write-documents.ts';
import { jsonDocument } from '../../../helpers/json-document.ts';
import { manyRecords, sampleModel } from '../../../helpers/sample-model.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-cd-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('checkDist (documents checked several at a time)', () => {
  it('passes a good build and names every bad document, in manifest order', async () => {
    const docs = Array.from({ length: 7 }, (_, i) => jsonDocument(`/d${i}.json`, { openapi: '3.1.0', n: i, pad: 'x'.repeat(500) }));
    const documents = await writeDocuments(scratch, docs, { effort: 'fast' });
    const manifest = { documents } as unknown as BuildManifest; // checkDist reads only the documents
    await checkDist(scratch, manifest);
    writeFileSync(join(scratch, 'd5.json.gz'), gzipSync('{"openapi":"3.1.0"}')); // a variant of other bytes
    writeFileSync(join(scratch, 'd2.json'), JSON.stringify({ openapi: '3.0.0', n: 2, pad: 'x'.repeat(500) }));
    writeFileSync(join(scratch, 'd3.json.br'), 'not brotli at all'); // a variant that does not decode
    rmSync(join(scratch, 'd6.json.gz')); // a variant missing
    rmSync(join(scratch, 'd1.json')); // the document itself missing: a problem, not a throw
    appendFileSync(join(scratch, 'd4.json.br'), '<script>x</script>'); // bytes after a valid stream: brotli stops before them
    const error = await checkDist(scratch, manifest).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(error).toMatch(/dist check failed \(7\)/);
    const lines = error!.split('\n').slice(1);
    // Each file against its entry: d2's variants still decode to the bytes the manifest names, so only its identity is wrong.
    expect(lines).toEqual([
      '/d1.json: identity bytes differ from the manifest',
      '/d2.json: identity bytes differ from the manifest',
      '/d2.json: openapi must be 3.1.0',
      '/d3.json: brotli variant does not decompress to the document',
      '/d4.json: brotli variant bytes differ from the manifest',
      '/d5.json: gzip variant does not decompress to the document',
      '/d6.json: gzip variant does not decompress to the document',
    ]);
  });

  it('takes content problems already found in the written bytes instead of parsing those documents again', async () => {
    const dir = mkdtempSync(join(scratch, 'content-'));
    const documents = await writeDocuments(dir, [jsonDocument('/a.json', { openapi: '3.1.0' }), jsonDocument('/b.json', { openapi: '2.0' })], {
      effort: 'fast',
    });
    const content = new Map([['/a.json', ['/a.json: found while it compressed']]]);
    await expect(checkDist(dir, { documents }, content)).rejects.toThrow(
      'dist check failed (2):\n/a.json: found while it compressed\n/b.json: openapi must be 3.1.0',
    );
  });
});

describe('checkContent of a reviews document', () => {
  const document = renderReviewsDocument(sampleModel(manyRecords(6)));
  const broken = {
    ...document,
    aggregateRating: { ...document.aggregateRating, count: -1 },
    reviews: document.reviews.map((r, i) => (i === 1 ? { ...r, rating: 7 } : i === 4 ? { ...r, date: 'soon' } : r)),
  };
  const doc = { path: '/reviews.json', kind: 'reviews' } as const;

  it('passes a good document', () => {
    expect(checkContent(doc, Buffer.from(JSON.stringify(document)))).toEqual([]);
  });

  it('read a review at a time, names the same problems at the same paths as read whole', () => {
    const piecewise = checkContent(doc, Buffer.from(JSON.stringify(broken)));
    const whole = checkContent(doc, Buffer.from(JSON.stringify(broken, null, 1))); // not the compact layout: parsed whole
    expect(piecewise).toEqual(whole);
    expect([...new Set(piecewise!.map((p) => p.split(':')[1]!.trim()))]).toEqual(['aggregateRating.count', 'reviews.1.rating', 'reviews.4.date']);
  });
});
