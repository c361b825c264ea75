/**
 * Worker thread of analyzeReviews: reads its share of the reviews with the insights engine and posts each
 * analysis (without the review itself) as encodeAnalysis's JSON text, in batches, in order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeReview } from '../../core/insights/analyze-review.ts';
import { compileAspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import { encodeAnalysis } from './analysis-codec.ts';

/** Analyses per message: few enough messages, small enough that the main thread keeps pace. */
const BATCH = 250;

const { business, reviews } = workerData as { business: BusinessConfig; reviews: Review[] };
const lexicon = compileAspectLexicon(business);
for (let start = 0; start < reviews.length; start += BATCH) {
  const batch = reviews.slice(start, start + BATCH).map((review) => {
    const { review: _, ...analysis } = analyzeReview(review, business, lexicon);
    return encodeAnalysis(analysis);
  });
  parentPort!.postMessage({ start, batch });
}
