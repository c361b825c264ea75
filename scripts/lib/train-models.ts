import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { AbsaWeights } from '../../core/insights/model/absa-model.ts';
import type { CorpusItem } from './absa-corpus.ts';
import type { Hyper } from './train-absa-model.ts';

/** One model to train: its training items and the corpus digest it records. */
export interface TrainingJob {
  items: readonly CorpusItem[];
  corpusDigest?: string;
}

const WORKER = new URL('./train-model-worker.ts', import.meta.url);

/**
 * Trains several models at once, one worker thread per model and as many at a time as the machine has cores:
 * `npm run train` trains the shipped model and one per fold of writers (5 with eight writers); one model per
 * writer, one after the other, took 43 s. Each training runs whole on one thread, so the weights are the same bytes as a training
 * in the main thread; results come back in the order of `jobs`.
 */
export async function trainModels(
  jobs: readonly TrainingJob[],
  business: Pick<BusinessConfig, 'aspects'>,
  aspects: readonly string[],
  hyper: Hyper,
  onDone: () => void = () => {},
): Promise<AbsaWeights[]> {
  const out: AbsaWeights[] = new Array(jobs.length);
  let next = 0;
  const run = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i]!;
      out[i] = await new Promise<AbsaWeights>((resolve, reject) => {
        const worker = new Worker(WORKER, {
          workerData: { aspectsConfig: business.aspects, items: job.items, aspects: [...aspects], hyper, corpusDigest: job.corpusDigest ?? '' },
        });
        worker.once('message', (weights: AbsaWeights) => resolve(weights));
        worker.once('error', reject);
        worker.once('exit', (code) => code !== 0 && reject(new Error(`training thread ${i} stopped with code ${code}`)));
      });
      onDone();
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), jobs.length) }, run));
  return out;
}
