import type { Review } from '../schemas/review-schema.ts';

// On globalThis, as the digests (review-digest.ts): the build script and Astro's bundled pages are separate module
// instances in one process.
const KEY = Symbol.for('shingle.reviewJson');
const slot = globalThis as unknown as Record<symbol, WeakMap<Review, string> | undefined>;
const texts = (slot[KEY] ??= new WeakMap<Review, string>());

/**
 * A review's JSON, `JSON.stringify(review)`: the text a private cache kept for it (rememberJson) when there is one,
 * else computed. Not kept when computed: a cold build would hold every review's text twice over.
 */
export function reviewJson(review: Review): string {
  return texts.get(review) ?? JSON.stringify(review);
}

/** The JSON a private cache kept for a review (rememberJson), or undefined. */
export function rememberedJson(review: Review): string | undefined {
  return texts.get(review);
}

/**
 * Records the JSON of a frozen review read back from a private cache (scripts/lib/published-content-cache.ts), which
 * wrote it with JSON.stringify and parsed the review from it: parsing JSON.stringify's text and stringifying the result
 * gives that text again, so this is the text reviewJson would compute (a rebuild at 100k reviews spared 0.3 s of
 * stringifying `reviews.json`).
 */
export function rememberJson(review: Review, json: string): void {
  if (!Object.isFrozen(review)) throw new TypeError(`review ${review.id}: only a frozen review keeps its JSON`);
  texts.set(review, json);
}
