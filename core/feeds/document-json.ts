import { reviewJson } from '../model/review-json.ts';
import type { Review } from '../schemas/review-schema.ts';

/**
 * `JSON.stringify(doc)` of a document whose last key is `reviews` (the reviews document, a since document), each review's
 * text taken from reviewJson: the same bytes, without stringifying again the reviews a rebuild read back.
 */
export function documentJson(doc: { readonly reviews: readonly Review[] }): string {
  const head = JSON.stringify({ ...doc, reviews: [] });
  if (!head.endsWith(EMPTY_TAIL)) throw new Error('documentJson: `reviews` must be the last key of the document');
  return `${head.slice(0, -2)}${doc.reviews.map(reviewJson).join(',')}]}`;
}

/** How the document's JSON ends with no reviews. */
const EMPTY_TAIL = '"reviews":[]}';
