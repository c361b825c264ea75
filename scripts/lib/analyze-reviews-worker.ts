/**
 * Worker thread of analyzeReviews: reads its share of the reviews with the insights engine and posts each
 * analysis (without the review itself) serialized with V8's serializer, in batches, in order.
 */
import { serialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeReview } from '../../core/insights/analyze-review.ts';
import { compileAspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { Review } from '../../core/schemas/review-schema.ts';

/** Analyses per message: few enough messages, small enough that the main thread keeps pace. */
const BATCH = 250;

const { business, reviews } = workerData as { business: BusinessConfig; reviews: Review[] };
const lexicon = compileAspectLexicon(business);
for (let start = 0; start < reviews.length; start += BATCH) {
  const batch = reviews.slice(start, start + BATCH).map((review) => {
    const { review: _, ...analysis } = analyzeReview(review, business, lexicon);
    return serialize(analysis);
  });
  parentPort!.postMessage({ start, batch });
}
