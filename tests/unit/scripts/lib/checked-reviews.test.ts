import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../../../scripts/lib/check-dist.ts';
import { loadCheckedReviews } from '../../../../scripts/lib/checked-reviews.ts';
import { privateEngineFolder } from '../../../helpers/private-engine-folder.ts';
import { renderReviewsDocument } from '../../../../core/feeds/render-reviews-document.ts';
import { manyRecords, sampleModel } from '../../../helpers/sample-model.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-cr-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const folder = (name: string) => privateEngineFolder(scratch, name);

describe('reviews checked by earlier builds', () => {
  it('a text that passed is not checked again by the next build; any other text is', async () => {
    const dir = folder('a');
    const first = await loadCheckedReviews(dir);
    expect(first.has('{"id":"r-1"}')).toBe(false);
    first.passed('{"id":"r-1"}');
    await first.save();
    const next = await loadCheckedReviews(dir);
    expect(next.has('{"id":"r-1"}')).toBe(true);
    expect(next.has('{"id":"r-1" }')).toBe(false);
    await next.save();
    expect((await loadCheckedReviews(dir)).has('{"id":"r-1"}')).toBe(true);
    // Only what a build found valid is kept: a build that did not see r-1 leaves it to be checked again.
    await (await loadCheckedReviews(dir)).save();
    expect((await loadCheckedReviews(dir)).has('{"id":"r-1"}')).toBe(false);
  });

  it('a review is the same text as a string or as its UTF-8 bytes (the checker looks up slices of the document)', async () => {
    const dir = folder('bytes');
    const text = '{"id":"r-2","text":"Très bien, 5 ★"}';
    const first = await loadCheckedReviews(dir);
    first.passed(Buffer.from(text, 'utf8'));
    await first.save();
    const next = await loadCheckedReviews(dir);
    expect(next.has(text)).toBe(true);
    expect(next.has(Buffer.from(`${text} `, 'utf8').subarray(0, -1))).toBe(true); // a view, as the checker hands it
    expect(next.has(Buffer.from(text, 'latin1'))).toBe(false); // other bytes, another text
  });

  it('an altered file, or one in a folder others may write to, remembers nothing', async () => {
    const dir = folder('b');
    const checked = await loadCheckedReviews(dir);
    checked.passed('{"id":"r-1"}');
    await checked.save();
    const file = join(dir, 'checked-reviews.bin');
    const bytes = readFileSync(file);
    const altered = Buffer.from(bytes);
    altered[altered.length - 1]! ^= 1;
    writeFileSync(file, altered);
    expect((await loadCheckedReviews(dir)).has('{"id":"r-1"}')).toBe(false);
    writeFileSync(file, bytes);
    expect((await loadCheckedReviews(dir)).has('{"id":"r-1"}')).toBe(true);
    chmodSync(dir, 0o777);
    expect((await loadCheckedReviews(dir)).has('{"id":"r-1"}')).toBe(false);
  });

  it('an invalid review is reported by every build: it is never remembered as checked', async () => {
    const dir = folder('c');
    const doc = { path: '/reviews.json', kind: 'reviews' as const };
    const document = renderReviewsDocument(sampleModel(manyRecords(5)));
    const body = Buffer.from(JSON.stringify({ ...document, reviews: document.reviews.map((r, i) => (i === 1 ? { ...r, rating: 7 } : r)) }));
    for (let build = 0; build < 2; build++) {
      const checked = await loadCheckedReviews(dir);
      const problems = checkContent(doc, body, undefined, checked);
      expect(problems).toEqual(['/reviews.json: reviews.1.rating: Too big: expected number to be <=5']);
      await checked.save();
    }
  });

  it('a review text remembered as checked is not checked again: checkContent skips it', async () => {
    const dir = folder('d');
    const doc = { path: '/reviews.json', kind: 'reviews' as const };
    const document = renderReviewsDocument(sampleModel(manyRecords(3)));
    const broken = { ...document, reviews: document.reviews.map((r, i) => (i === 1 ? { ...r, rating: 7 } : r)) };
    const body = Buffer.from(JSON.stringify(broken));
    const text = JSON.stringify(broken.reviews[1]);
    const planted = await loadCheckedReviews(dir);
    planted.passed(text); // as if an earlier build had found it valid
    await planted.save();
    expect(checkContent(doc, body)).toHaveLength(1);
    expect(checkContent(doc, body, undefined, await loadCheckedReviews(dir))).toEqual([]);
  });
});
