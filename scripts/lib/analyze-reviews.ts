import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { analyzeReview } from '../../core/insights/analyze-review.ts';
import type { ReviewAnalyzer } from '../../core/insights/build-insights.ts';
import { compileAspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import { type Analysis, analyzeAndEncode, decodeAnalysis, SharedValues } from './analysis-codec.ts';
import type { Progress } from './progress.ts';
import { reviewDigest } from '../../core/model/review-digest.ts';
import { type AnalysisStore, PACK_ENTRIES } from './review-analysis-cache.ts';
import type { AnalysisBatch } from './analyze-reviews-worker.ts';

/** Below this many reviews to read, starting worker threads (each loads the engine) costs more than it saves. */
const MIN_FOR_WORKERS = 2_000;

/** Heap limits of a worker thread (100k reviews: a worker's live data is under 150 MB). */
const WORKER_OLD_SPACE_MB = 512;
const WORKER_YOUNG_SPACE_MB = 16;

export interface AnalyzeReviewsOptions {
  /** Analyses of earlier builds (null: none). */
  store: AnalysisStore | null;
  /** Worker threads for the reviews not in the store (default: the machine's cores). */
  threads?: number;
  /** Fewest reviews to read for worker threads to be started (default MIN_FOR_WORKERS). */
  workersFrom?: number;
  /** Old-space limit of each worker thread in MB (default WORKER_OLD_SPACE_MB). */
  workerHeapMb?: number;
  /** Reviews per batch handed to a worker (default BATCH; tests make it small to hand over many). */
  batch?: number;
  /** Called once before worker threads are started, i.e. when many reviews are read afresh (the build tightens its heap). */
  onWorkers?: () => void;
  /** The worker threads' module (default analyze-reviews-worker.ts; tests hand one that fails part-way). */
  workerModule?: URL;
  progress?: Progress;
}

export interface AnalyzedReviews {
  /** What buildInsights calls per review: the prepared analysis, or (a review it was not given) the engine itself. */
  analyzer: ReviewAnalyzer;
  /** Hex keys of every review's analysis, for AnalysisStore.tidy. */
  keys: Set<string>;
  reused: number;
  analysed: number;
}

/**
 * Reads every review once, before the site model is built: analyses of earlier builds are taken from the
 * store (content-addressed by engine, business and the review as published), the rest are computed on
 * worker threads — the reading is independent per review, so a cold build uses every core — and added to
 * the store. Both paths give the fields of what `analyzeReview` returns that the aggregations read, value for
 * value (see encodeAnalysis), so the output is byte-identical with or without reuse.
 */
export async function analyzeReviews(reviews: readonly Review[], business: BusinessConfig, options: AnalyzeReviewsOptions): Promise<AnalyzedReviews> {
  if (options.batch !== undefined && !(Number.isInteger(options.batch) && options.batch >= 1))
    throw new RangeError(`batch must be a whole number of at least 1 (got ${options.batch})`);
  const keys = reviews.map(reviewDigest);
  const wanted = new Set(keys);
  const prepared = new Map<string, Analysis>();
  const shared = new SharedValues(); // values many analyses hold alike, kept once
  await options.store?.load(wanted, (key, bytes) => prepared.set(key, decodeAnalysis(bytes.toString('utf8'), shared)));
  const reused = prepared.size;
  const missing: number[] = [];
  const scheduled = new Set<string>();
  keys.forEach((key, i) => {
    if (prepared.has(key) || scheduled.has(key)) return;
    scheduled.add(key);
    missing.push(i);
  });
  options.progress?.start(missing.length, 'analysing reviews');
  let pending: [Buffer, Buffer][] = [];
  const flushes: Promise<void>[] = [];
  const accept = (index: number, text: string) => {
    const key = keys[index]!;
    prepared.set(key, decodeAnalysis(text, shared));
    pending.push([Buffer.from(key, 'hex'), Buffer.from(text, 'utf8')]);
    if (pending.length >= PACK_ENTRIES) {
      flushes.push(options.store?.add(pending) ?? Promise.resolve());
      pending = [];
    }
    options.progress?.tick();
  };
  const list = missing.map((i) => reviews[i]!);
  const workersFrom = options.workersFrom ?? MIN_FOR_WORKERS;
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), Math.ceil(list.length / workersFrom)));
  if (list.length < workersFrom) {
    const lexicon = compileAspectLexicon(business);
    list.forEach((review, j) => {
      accept(missing[j]!, analyzeAndEncode(review, business, lexicon));
    });
  } else {
    options.onWorkers?.();
    const share = Math.ceil(list.length / threads);
    await Promise.all(
      Array.from({ length: threads }, (_, t) =>
        runWorker(business, list.slice(t * share, (t + 1) * share), (j, text) => accept(missing[t * share + j]!, text), {
          heapMb: options.workerHeapMb ?? WORKER_OLD_SPACE_MB,
          batch: options.batch ?? BATCH,
          module: options.workerModule ?? WORKER_MODULE,
        }).catch((e: unknown) => {
          // A worker that failed (out of its heap, say) leaves its unread reviews to the main thread: slower, same result.
          process.stderr.write(`review analysis: a worker stopped (${(e as Error).message}); the main thread reads its reviews\n`);
          const lexicon = compileAspectLexicon(business);
          for (let j = t * share; j < Math.min(list.length, (t + 1) * share); j++) {
            if (prepared.has(keys[missing[j]!]!)) continue;
            accept(missing[j]!, analyzeAndEncode(list[j]!, business, lexicon));
          }
        }),
      ),
    );
  }
  flushes.push(options.store?.add(pending) ?? Promise.resolve());
  await Promise.all(flushes);
  options.progress?.done();
  // buildInsights asks for reviews by object: found by id, and taken when the fields the analysis reads (text,
  // language, date; the business is checked as well) are the same strings — hashing every review's JSON a second
  // time cost about 1.5 s of a 100k-review rebuild. Anything else (a review this list does not hold) is hashed.
  const byId = new Map(reviews.map((r, i) => [r.id, i]));
  const analyzer: ReviewAnalyzer = (review, b, lexicon) => {
    if (b !== business) return analyzeReview(review, b, lexicon);
    const i = byId.get(review.id);
    const first = i === undefined ? undefined : reviews[i]!;
    const same = first !== undefined && first.text === review.text && first.language === review.language && first.date === review.date;
    const known = prepared.get(same ? keys[i!]! : reviewDigest(review));
    return known ? { review, ...known } : analyzeReview(review, b, lexicon);
  };
  return { analyzer, keys: wanted, reused, analysed: list.length };
}

const WORKER_MODULE = new URL('./analyze-reviews-worker.ts', import.meta.url);

/** Reviews per batch handed to a worker: few enough messages, small enough that the main thread keeps pace. */
const BATCH = 250;
/** Batches a worker holds at once: one it reads and one waiting, so it never waits for the main thread. */
const IN_FLIGHT = 2;

/**
 * One worker thread over `reviews`, handed a batch at a time (`batch` reviews, IN_FLIGHT at most: neither the worker nor its
 * port holds more than that); `onResult(j, text)` for the j-th (encodeAnalysis), in order.
 */
function runWorker(
  business: BusinessConfig,
  reviews: Review[],
  onResult: (j: number, text: string) => void,
  { heapMb, batch: size, module }: { heapMb: number; batch: number; module: URL },
): Promise<void> {
  if (reviews.length === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const worker = new Worker(module, {
      workerData: { business },
      // A worker's live data is the engine and the batches in flight: a bounded heap makes V8 collect early
      // instead of growing both workers' heaps beside the main thread's (peak RSS of the build).
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: WORKER_YOUNG_SPACE_MB },
    });
    let sent = 0;
    let received = 0;
    const send = () => {
      if (sent >= reviews.length) return;
      const batch: AnalysisBatch = { start: sent, reviews: reviews.slice(sent, sent + size) };
      sent += batch.reviews.length;
      worker.postMessage(batch);
    };
    worker.on('message', ({ start, batch }: { start: number; batch: string[] }) => {
      batch.forEach((text, k) => onResult(start + k, text));
      received += batch.length;
      if (received === reviews.length) void worker.terminate();
      else send();
    });
    // Settled on 'exit' only: Node delivers the answers a failing worker had posted before 'exit' (not before 'error'),
    // so none arrives after the main thread has taken over the worker's unread reviews.
    let failure: Error | undefined;
    worker.once('error', (e) => (failure = e));
    worker.once('exit', (code) =>
      received === reviews.length
        ? resolve()
        : reject(failure ?? new Error(`review analysis worker stopped (exit ${code}, ${received}/${reviews.length})`)),
    );
    for (let i = 0; i < IN_FLIGHT; i++) send();
  });
}
