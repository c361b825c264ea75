import type { Review } from '../schemas/review-schema.ts';

/**
 * Where a review read back from a private cache carries its JSON (rememberJson). Symbol.for: the build script and
 * Astro's bundled pages are separate module instances in one process.
 */
const JSON_TEXT = Symbol.for('shingle.reviewJsonText');

/**
 * A review's JSON, `JSON.stringify(review)`: the text a private cache kept for it (rememberJson) when there is one,
 * else computed. Not kept when computed: a cold build would hold every review's text twice over.
 */
export function reviewJson(review: Review): string {
  return rememberedJson(review) ?? JSON.stringify(review);
}

/** The JSON a private cache kept for a review (rememberJson), or undefined. */
export function rememberedJson(review: Review): string | undefined {
  return (review as unknown as Record<symbol, string | undefined>)[JSON_TEXT];
}

/**
 * Records the JSON of a review read back from a private cache (scripts/lib/published-content-cache.ts), before the
 * review is frozen. The cache wrote it with JSON.stringify and parsed the review from it: parsing JSON.stringify's
 * text and stringifying the result gives that text again, so this is the text reviewJson would compute (a rebuild at
 * 100k reviews spared 0.2 s of stringifying `reviews.json`). Kept on the review as rememberDigest keeps the digest
 * (review-digest.ts: a property named by a symbol, neither enumerable nor writable). Throws on a frozen review.
 */
export function rememberJson(review: Review, json: string): void {
  Object.defineProperty(review, JSON_TEXT, { value: json });
}
