import { describe, expect, it } from 'vitest';
import { documentJson } from '../../../../core/feeds/document-json.ts';
import { renderReviewsDocument, renderSinceDocument } from '../../../../core/feeds/render-reviews-document.ts';
import { freezeDeep } from '../../../../core/model/freeze-deep.ts';
import { rememberJson, reviewJson } from '../../../../core/model/review-json.ts';
import type { Review } from '../../../../core/schemas/review-schema.ts';
import { manyRecords, sampleModel } from '../../../helpers/sample-model.ts';

describe('documentJson (reviews.json and the since files, from the reviews JSON a rebuild read back)', () => {
  it('is JSON.stringify of the reviews document and of a since document, byte for byte', () => {
    const model = sampleModel(manyRecords(40));
    const doc = renderReviewsDocument(model);
    expect(documentJson(doc)).toBe(JSON.stringify(doc));
    const since = renderSinceDocument(model.reviews, model.reviews[10]!.date);
    expect(documentJson(since)).toBe(JSON.stringify(since));
    const none = renderSinceDocument(model.reviews, '2999-01-01');
    expect(documentJson(none)).toBe(JSON.stringify(none));
  });

  it('takes a review remembered with its JSON from that text, and computes the others', () => {
    const [a, b, c, d] = sampleModel(manyRecords(40)).reviews.map((r) => structuredClone(r) as Review);
    rememberJson(a!, '{"kept":true}'); // not a's JSON: only to see which text is taken
    freezeDeep(a!);
    expect(reviewJson(a!)).toBe('{"kept":true}');
    expect(JSON.stringify(a)).not.toContain('kept'); // the text is not part of the review
    expect(documentJson({ reviews: [a!, b!] })).toBe(`{"reviews":[{"kept":true},${JSON.stringify(b)}]}`);
    // Runs of reviews without a kept text, before, between and after kept ones.
    const mixed = `{"reviews":[${JSON.stringify(b)},${JSON.stringify(c)},{"kept":true},${JSON.stringify(d)}]}`;
    expect(documentJson({ reviews: [b!, c!, a!, d!] })).toBe(mixed);
    // Only before the review is frozen: a frozen review never gains a text that could disagree with it.
    freezeDeep(b!);
    expect(() => rememberJson(b!, '{"other":true}')).toThrow(TypeError);
    expect(reviewJson(b!)).toBe(JSON.stringify(b));
  });

  it('refuses a document whose last key is not the reviews', () => {
    expect(() => documentJson({ reviews: [], after: 1 } as never)).toThrow(/last key/);
  });
});
