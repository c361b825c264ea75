/**
 * Worker thread of trainModels: trains one model (`trainAbsaModel`) on the items it is given and posts its
 * weights. A training is a fixed sequence of floating-point operations on one thread, so its bytes do not
 * depend on which thread ran it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileAspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { CorpusItem } from './absa-corpus.ts';
import { trainAbsaModel, type Hyper } from './train-absa-model.ts';

const job = workerData as { aspectsConfig: BusinessConfig['aspects']; items: CorpusItem[]; aspects: string[]; hyper: Hyper; corpusDigest: string };
const lexicon = compileAspectLexicon({ aspects: job.aspectsConfig });
parentPort!.postMessage(trainAbsaModel(job.items, job.aspects, lexicon, job.hyper, job.corpusDigest));
