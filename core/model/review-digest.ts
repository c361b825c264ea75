import { createHash } from 'node:crypto';
import type { Review } from '../schemas/review-schema.ts';

// On globalThis: the build script and Astro's bundled pages are separate module instances in one process, and the
// pages' keys are to reuse the digests the analysis step computed.
const KEY = Symbol.for('shingle.reviewDigests');
const slot = globalThis as unknown as Record<symbol, WeakMap<Review, string> | undefined>;
const digests = (slot[KEY] ??= new WeakMap<Review, string>());

/**
 * SHA-256 (hex) of a review exactly as published, its JSON: the review's content address. The build asks for it
 * several times per review — the analysis cache's key, the keys of the listing page and the month page that show
 * it — so it is computed once per review object (published reviews are never changed in place: a changed review is
 * a new object, with its own digest).
 */
export function reviewDigest(review: Review): string {
  let digest = digests.get(review);
  if (digest === undefined) {
    digest = createHash('sha256').update(JSON.stringify(review)).digest('hex');
    digests.set(review, digest);
  }
  return digest;
}

/**
 * Records the digest of a frozen review read back from a private cache that stored it beside the review's JSON
 * (scripts/lib/published-content-cache.ts): the same digest reviewDigest would compute, without hashing the JSON again.
 */
export function rememberDigest(review: Review, digest: string): void {
  if (!Object.isFrozen(review)) throw new TypeError(`review ${review.id}: only a frozen review keeps its digest`);
  digests.set(review, digest);
}
