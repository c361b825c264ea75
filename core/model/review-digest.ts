import { createHash } from 'node:crypto';
import type { Review } from '../schemas/review-schema.ts';

// On globalThis: the build script and Astro's bundled pages are separate module instances in one process, and the
// pages' keys are to reuse the digests the analysis step computed.
const KEY = Symbol.for('shingle.reviewDigests');
const slot = globalThis as unknown as Record<symbol, WeakMap<Review, string> | undefined>;
const digests = (slot[KEY] ??= new WeakMap<Review, string>());

/** Where a published review, or one read back from a private cache, carries its digest (rememberDigest). */
const DIGEST = Symbol.for('shingle.reviewDigest');

/**
 * SHA-256 (hex) of a review exactly as published, its JSON: the review's content address. The build asks for it
 * several times per review — the analysis cache's key, the keys of the listing page and the month page that show
 * it — so it is computed once per review object (published reviews are never changed in place: a changed review is
 * a new object, with its own digest).
 */
export function reviewDigest(review: Review): string {
  let digest = (review as unknown as Record<symbol, string | undefined>)[DIGEST] ?? digests.get(review);
  if (digest === undefined) {
    digest = digestOf(review);
    digests.set(review, digest);
  }
  return digest;
}

/** SHA-256 (hex) of a review's JSON, computed (reviewDigest's value). */
export function digestOf(review: Review): string {
  return createHash('sha256').update(JSON.stringify(review)).digest('hex');
}

/**
 * Records the digest of a review before it is frozen: publishReviews records each published review's (every build
 * needs them all), and a review read back from a private cache that stored it beside the review's JSON
 * (scripts/lib/published-content-cache.ts) gets the stored one, the same digest, without hashing the JSON again. Kept on the review itself, a property named by a symbol that is neither enumerable
 * nor writable (JSON, spreads, structured clones and equality checks do not see it; a copy does not carry it): kept
 * in a WeakMap instead (as reviewDigest still keeps one it computes), 98,000 young reviews entered the remembered set
 * of V8's weak tables, which every young collection of a +1 rebuild walked again: 0.3–0.6 s of a +1 at 100k reviews
 * (four alternating pairs, 2026-11-27). Throws on a frozen review.
 */
export function rememberDigest(review: Review, digest: string): void {
  Object.defineProperty(review, DIGEST, { value: digest });
}
