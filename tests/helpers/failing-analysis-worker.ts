/**
 * A stand-in for analyze-reviews-worker.ts that fails part-way: it answers like the real one, and throws right after
 * posting its second answer (the batches it was handed after that are never answered).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileAspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import { analyzeAndEncode } from '../../scripts/lib/analysis-codec.ts';
import type { AnalysisBatch } from '../../scripts/lib/analyze-reviews-worker.ts';

const ANSWERS_BEFORE_FAILING = 2;

const { business } = workerData as { business: BusinessConfig };
const lexicon = compileAspectLexicon(business);
let answered = 0;
parentPort!.on('message', ({ start, reviews }: AnalysisBatch) => {
  const batch = reviews.map((review) => analyzeAndEncode(review, business, lexicon));
  parentPort!.postMessage({ start, batch });
  if (++answered === ANSWERS_BEFORE_FAILING) throw new Error('a planted failure after two answers');
});
