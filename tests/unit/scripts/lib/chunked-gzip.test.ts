import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { renderReviewsDocument } from '../../../../core/feeds/render-reviews-document.ts';
import { reviewText, splitReviewsDocument } from '../../../../core/feeds/reviews-layout.ts';
import {
  chunkedGzip,
  DEFLATE_ON_POOL,
  DEFLATE_ON_THREAD,
  loadGzipPieces,
  PIECES_CODE,
  pieceEnds,
  type GzipPieces,
} from '../../../../scripts/lib/chunked-gzip.ts';
import { variantSettings } from '../../../../scripts/lib/write-documents.ts';
import { manyRecords, record, sampleModel } from '../../../helpers/sample-model.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-cg-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const records = manyRecords(3_000);
const documentOf = (list: typeof records) => Buffer.from(JSON.stringify(renderReviewsDocument(sampleModel(list))));
const body = documentOf(records);

/** A pieces store in memory that counts what it was asked for and had. */
function memoryPieces(kept = new Map<string, Buffer>()): GzipPieces & { hits: number; now: Map<string, Buffer> } {
  const now = new Map<string, Buffer>();
  const store = {
    hits: 0,
    now,
    get: (sha: string) => {
      const found = kept.get(sha);
      if (found) store.hits++;
      return found;
    },
    used: (sha: string, deflated: Buffer) => void now.set(sha, deflated),
    save: async () => undefined,
  };
  return store;
}

describe('gzip in pieces', () => {
  it('decodes to the body, whichever thread deflates it and whichever pieces were kept', async () => {
    expect(pieceEnds(body).length).toBeGreaterThan(1);
    const fresh = await chunkedGzip(body, DEFLATE_ON_THREAD);
    expect(gunzipSync(fresh).equals(body)).toBe(true);
    expect((await chunkedGzip(body, DEFLATE_ON_POOL)).equals(fresh)).toBe(true);
    const first = memoryPieces();
    expect((await chunkedGzip(body, DEFLATE_ON_THREAD, first)).equals(fresh)).toBe(true);
    const again = memoryPieces(first.now);
    expect((await chunkedGzip(body, DEFLATE_ON_THREAD, again)).equals(fresh)).toBe(true);
    expect(again.hits).toBe(pieceEnds(body).length);
    // Each piece may refer to the 32 KB before it, as one deflate stream would: about as small as one.
    expect(fresh.length).toBeLessThan(gzipSync(body, { level: 9 }).length * 1.01);
  });

  it('an edit at the end of a piece deflates that piece and the next (whose window it is in)', async () => {
    const first = memoryPieces();
    await chunkedGzip(body, DEFLATE_ON_THREAD, first);
    // The review that ends the first piece (newest first: the 0th … the piece's last).
    const end = pieceEnds(body)[0]!; // just after the review and its comma
    const { layout } = splitReviewsDocument(body)!;
    const last = JSON.parse(reviewText(layout, layout.ends.indexOf(end - 1))) as { id: string };
    const edited = documentOf(records.map((r) => (r.id === last.id ? { ...r, text: 'Edited: the text of this review is new.' } : r)));
    const next = memoryPieces(first.now);
    const gz = await chunkedGzip(edited, DEFLATE_ON_THREAD, next);
    expect(gz.equals(await chunkedGzip(edited, DEFLATE_ON_THREAD))).toBe(true);
    expect(gunzipSync(gz).equals(edited)).toBe(true);
    expect(next.hits).toBe(pieceEnds(edited).length - 2);
  });

  it('ends pieces between the reviews of the document only, never inside one (a catalog entry starts like a review)', () => {
    // A catalog id whose FNV-1a hash is a multiple of 1,024, listed second in every review: `},{"id":"<it>"` inside each.
    const fnv = (s: string) => [...Buffer.from(s)].reduce((h, b) => Math.imul(h ^ b, 0x01000193), 0x811c9dc5) >>> 0;
    let n = 0;
    while (fnv(`tech-${n}`) % 1024 !== 0) n++;
    const reviews = Array.from({ length: 3_000 }, (_, i) => ({ id: `r-${i}`, technicians: [{ id: 'a' }, { id: `tech-${n}` }] }));
    const doc = Buffer.from(JSON.stringify({ version: '1.0.0', reviews }));
    const { layout } = splitReviewsDocument(doc)!;
    const reviewEnds = new Set([...layout.ends].map((e) => e + 1));
    const ends = pieceEnds(doc);
    expect(ends.length).toBeGreaterThan(1);
    expect(ends.length).toBeLessThan(20); // about 3,000 / 1,024 pieces, not one per review
    for (const end of ends.slice(0, -1)) expect(reviewEnds.has(end)).toBe(true);
    expect(ends.at(-1)).toBe(doc.length);
    // Not a reviews document: one piece.
    const page = Buffer.from('<p>{"id":"x"},{"id":"y"}</p>');
    expect(pieceEnds(page)).toEqual([page.length]);
  });

  it('a new review deflates the piece that holds it and no other; the result is the fresh bytes', async () => {
    const first = memoryPieces();
    await chunkedGzip(body, DEFLATE_ON_THREAD, first);
    const added = documentOf([...records, record({ id: 'r-new', date: '2032-01-01', text: 'A new roof in one day.' })]);
    const next = memoryPieces(first.now);
    const gz = await chunkedGzip(added, DEFLATE_ON_THREAD, next);
    expect(gunzipSync(gz).equals(added)).toBe(true);
    expect(gz.equals(await chunkedGzip(added, DEFLATE_ON_THREAD))).toBe(true);
    expect(next.hits).toBe(pieceEnds(added).length - 1);
  });

  it('keeps the pieces of the last build in a file of its own folder; an altered file, or one others may write to, is not read', async () => {
    const dir = join(scratch, 'cache');
    mkdirSync(dir, { mode: 0o700 });
    const first = await loadGzipPieces(dir);
    const fresh = await chunkedGzip(body, DEFLATE_ON_THREAD, first);
    await first.save();
    const count = async () => {
      const pieces = await loadGzipPieces(dir);
      let hits = 0;
      const counted = { ...pieces, get: (sha: string) => ((hits += pieces.get(sha) ? 1 : 0), pieces.get(sha)) };
      expect((await chunkedGzip(body, DEFLATE_ON_THREAD, counted)).equals(fresh)).toBe(true);
      return hits;
    };
    expect(await count()).toBe(pieceEnds(body).length);
    const file = join(dir, 'gzip-pieces.bin');
    const bytes = readFileSync(file);
    const altered = Buffer.from(bytes);
    altered[altered.length - 1]! ^= 1;
    writeFileSync(file, altered);
    expect(await count()).toBe(0);
    writeFileSync(file, bytes);
    chmodSync(dir, 0o777);
    expect(await count()).toBe(0);
    chmodSync(dir, 0o700);
    expect(await count()).toBe(pieceEnds(body).length);
    // A build that deflates nothing (its documents came from the compression cache) leaves the file as it is; one that
    // deflates another document keeps this one's pieces beside its own.
    await (await loadGzipPieces(dir)).save();
    expect(await count()).toBe(pieceEnds(body).length);
    const other = await loadGzipPieces(dir);
    await chunkedGzip(documentOf(manyRecords(1_500)), DEFLATE_ON_THREAD, other);
    await other.save();
    expect(await count()).toBe(pieceEnds(body).length);
  });

  it('caches a pieced variant under settings that name the pieces code', () => {
    expect(variantSettings(300 * 1024)).toContain(`gzip 9 pieces ${PIECES_CODE}|`);
    expect(variantSettings(100 * 1024)).not.toContain('pieces');
  });
});
