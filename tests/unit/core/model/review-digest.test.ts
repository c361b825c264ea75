import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reviewDigest } from '../../../../core/model/review-digest.ts';
import { sampleModel, manyRecords } from '../../../helpers/sample-model.ts';

describe("reviewDigest (a review's content address: analysis cache and page keys)", () => {
  const [review] = sampleModel(manyRecords(2)).reviews;

  it('is the SHA-256 of the review as published', () => {
    expect(reviewDigest(review!)).toBe(createHash('sha256').update(JSON.stringify(review)).digest('hex'));
  });

  it('is the same for an equal review, and differs for an edited one (a new object)', () => {
    expect(reviewDigest({ ...review! })).toBe(reviewDigest(review!));
    expect(reviewDigest({ ...review!, text: `${review!.text} Edited.` })).not.toBe(reviewDigest(review!));
  });

  it("is shared by every module instance in the process (the build script and Astro's bundled pages)", () => {
    const shared = (globalThis as unknown as Record<symbol, WeakMap<object, string>>)[Symbol.for('shingle.reviewDigests')];
    expect(shared?.get(review!)).toBe(reviewDigest(review!));
  });
});
