/**
 * Worker thread of analyzeReviews: reads each batch of reviews it is handed with the insights engine and posts
 * back their analyses (without the reviews themselves) as encodeAnalysis's JSON text, in the order handed over.
 * The reviews come a batch at a time, as the main thread takes the answers: the thread never holds more than
 * the batches in flight, and no answers pile up in its port while the main thread is busy.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileAspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import { analyzeAndEncode } from './analysis-codec.ts';

/** A batch handed over: the reviews and where the first stands in the worker's share. */
export interface AnalysisBatch {
  start: number;
  reviews: Review[];
}

const { business } = workerData as { business: BusinessConfig };
const lexicon = compileAspectLexicon(business);
const port = parentPort!;
port.on('message', ({ start, reviews }: AnalysisBatch) => {
  const batch = reviews.map((review) => analyzeAndEncode(review, business, lexicon));
  port.postMessage({ start, batch });
});
