import { rememberedJson } from '../model/review-json.ts';
import type { Review } from '../schemas/review-schema.ts';

/**
 * `JSON.stringify(doc)` of a document whose last key is `reviews` (the reviews document, a since document): the same
 * bytes, with the JSON a rebuild read back for a review (rememberedJson) taken as it is rather than made again. Runs of
 * reviews without it are stringified a run at once, as JSON.stringify would: a review at a time, a cold build held
 * 98,000 strings beside the document they were joined into (the cold peak is what a 100k build is held to).
 */
export function documentJson(doc: { readonly reviews: readonly Review[] }): string {
  const head = JSON.stringify({ ...doc, reviews: [] });
  if (!head.endsWith(EMPTY_TAIL)) throw new Error('documentJson: `reviews` must be the last key of the document');
  const parts: string[] = [];
  let run: Review[] = [];
  const endRun = () => {
    if (run.length > 0) parts.push(JSON.stringify(run).slice(1, -1));
    run = [];
  };
  for (const review of doc.reviews) {
    const kept = rememberedJson(review);
    if (kept === undefined) run.push(review);
    else {
      endRun();
      parts.push(kept);
    }
  }
  endRun();
  return `${head.slice(0, -2)}${parts.join(',')}]}`;
}

/** How the document's JSON ends with no reviews. */
const EMPTY_TAIL = '"reviews":[]}';
