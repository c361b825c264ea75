import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestOf, rememberDigest, reviewDigest } from '../../../../core/model/review-digest.ts';
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
    // A published review carries its digest itself, under a registered symbol, hidden from JSON and from copies.
    const carried = (review as unknown as Record<symbol, string | undefined>)[Symbol.for('shingle.reviewDigest')];
    expect(carried).toBe(reviewDigest(review!));
    expect(Object.getOwnPropertyDescriptor(review, Symbol.for('shingle.reviewDigest'))?.enumerable).toBe(false);
    const copy = { ...review! };
    expect((copy as unknown as Record<symbol, string | undefined>)[Symbol.for('shingle.reviewDigest')]).toBeUndefined();
    // Any other review's digest, once computed, is kept in a WeakMap every instance shares.
    const shared = (globalThis as unknown as Record<symbol, WeakMap<object, string>>)[Symbol.for('shingle.reviewDigests')];
    expect(shared?.get(copy)).toBeUndefined();
    reviewDigest(copy);
    expect(shared?.get(copy)).toBe(reviewDigest(review!));
  });

  it('is recorded only on a review that is not frozen yet: a frozen review never gains a digest that could disagree with it', () => {
    const fresh = { ...review! };
    rememberDigest(fresh, 'f'.repeat(64));
    expect(reviewDigest(fresh)).toBe('f'.repeat(64));
    expect(() => rememberDigest(review!, 'e'.repeat(64))).toThrow(TypeError);
    expect(reviewDigest(review!)).toBe(digestOf(review!));
  });
});
