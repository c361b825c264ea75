/** Trains the two learned layers of the insights engine from corpus items (see docs/insights.md). */
import { createHash } from 'node:crypto';
import type { AspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import type { AbsaWeights } from '../../core/insights/model/absa-model.ts';
import { categoryExample, polarityExamples, type CorpusItem } from './absa-corpus.ts';
import { learnStarWords } from './learn-star-words.ts';
import { exportTable, round4, toSparse, train, vocabulary, type SparseExample, type Trained } from './train-logistic.ts';

export interface Hyper {
  /** L2 strength of the category and the polarity layer. */
  l2Category: number;
  l2Polarity: number;
  /**
   * L2 strength of the polarity layer's sentence n-gram features (u:, b:, p:); the rest keep `l2Polarity`. Engine 3.7:
   * 2e-3 against 3e-3 read 81.5% against 81.2% in writer cross-validation and passed the adoption rule
   * (docs/insights.md); 1e-3 read 82.2% but failed it (dev neutral F1 −0.045): the gain is the model overruling
   * the rules' neutral readings, which the plain-fact sets outside the corpus penalise.
   */
  l2PolarityText: number;
  /**
   * L2 strength of the polarity layer's review-rating features (rt:, sentence-features.ts), trained in a second
   * stage on top of the others (`trainPolarity`). Writer cross-validation: 0.03 read 84.5% term polarity (the
   * text-only layer 81.5%) and passed the adoption rule; 3e-3 read 86.2% but overruled the generated business's plain
   * facts (neutral F1 0.469 -> 0.19); 0.3 read 82.1% and lost 0.04 of that neutral F1.
   */
  l2Rating: number;
  /** A feature must occur in this many training examples. */
  minCount: number;
  /** Category probability from which an aspect no rule found counts as present… */
  threshold: number;
  /** …and below which a rule mention is vetoed. */
  veto: number;
  /** Weight of neutral examples in the polarity layer (neutral is the rare class). */
  neutralWeight: number;
  /** Top-class probability from which the polarity layer overrules the rules. */
  trust: number;
  /** Whether the polarity layer reads the sentence's n-grams (else only the target's context and the rules). */
  polarityText: boolean;
  /** Whether the polarity layer reads a star-word table learned from the training sentences' star ratings. */
  starWords: boolean;
  iterations: number;
  rate: number;
}

export const DEFAULT_HYPER: Hyper = {
  l2Category: 3e-3,
  l2Polarity: 3e-3,
  l2PolarityText: 2e-3,
  l2Rating: 0.03,
  minCount: 2,
  threshold: 0.35,
  veto: 0.1,
  neutralWeight: 1,
  polarityText: true,
  starWords: false,
  trust: 0.5,
  iterations: 300,
  rate: 0.3,
};

const CLASSES = ['positive', 'negative', 'neutral'] as const;

/** Trains both layers on `items` and returns the weights document (deterministic for the same input). */
export function trainAbsaModel(
  items: readonly CorpusItem[],
  aspects: readonly string[],
  lexicon: AspectLexicon,
  hyper: Hyper,
  corpusDigest = '',
): AbsaWeights {
  const cat = items.map((it) => categoryExample(it, lexicon));
  const catVocab = vocabulary(
    cat.map((c) => c.x),
    hyper.minCount,
  );
  const catIndex = new Map(catVocab.map((f, i) => [f, i]));
  const catData = cat.map((c) =>
    toSparse(
      c.x,
      catIndex,
      aspects.map((a) => (c.aspects.has(a) ? 1 : 0)),
    ),
  );
  const catModel = train(catData, {
    mode: 'ovr',
    outputs: aspects.length,
    features: catVocab.length,
    l2: hyper.l2Category,
    iterations: hyper.iterations,
    rate: hyper.rate,
  });

  const stars = hyper.starWords ? learnStarWords(items) : null;
  const pol = items.flatMap((it) => polarityExamples(it, stars));
  const polVocab = vocabulary(
    pol.map((p) => p.x),
    hyper.minCount,
  ).filter((f) => hyper.polarityText || !/^[ub]:/.test(f));
  const polIndex = new Map(polVocab.map((f, i) => [f, i]));
  const polData = pol.map((p) =>
    toSparse(
      p.x,
      polIndex,
      CLASSES.map((c) => (c === p.y ? 1 : 0)),
      p.y === 'neutral' ? hyper.neutralWeight : 1,
    ),
  );
  const polModel = trainPolarity(polVocab, polData, hyper);

  return {
    format: 'shingle-absa-model',
    version: 1,
    trainedOn: {
      corpus: corpusDigest,
      sentences: items.length,
      labels: pol.length,
      writers: new Set(items.map((it) => it.writer)).size,
      hyper: JSON.stringify(hyper),
    },
    category: {
      aspects: [...aspects],
      bias: Array.from(catModel.bias, round4),
      threshold: hyper.threshold,
      veto: hyper.veto,
      weights: exportTable(catVocab, catModel, aspects.length),
    },
    polarity: {
      classes: [...CLASSES],
      bias: Array.from(polModel.bias, round4),
      trust: hyper.trust,
      weights: exportTable(polVocab, polModel, CLASSES.length),
      ...(stars && { starWords: Object.fromEntries(stars) }),
    },
  };
}

/** The polarity layer's review-rating features (sentence-features.ts). */
const isRatingFeature = (f: string): boolean => f.startsWith('rt:');

/**
 * The polarity layer in two stages: first every feature but the review's rating, exactly as without it; then the
 * rating's weights alone (L2 `l2Rating`, no biases) on top of the first stage's scores, held fixed. So the rating
 * only corrects what the text-only layer reads, and text without a rating reads as before but for the small
 * weight of the "unknown" state. (Trained together, the text's weights leaned on the rating: unrated sets outside
 * the corpus and the generated business lost neutral F1.)
 */
function trainPolarity(vocab: readonly string[], data: readonly SparseExample[], hyper: Hyper): Trained {
  const K = CLASSES.length;
  const split = (keep: (f: string) => boolean) => {
    const cols = vocab.flatMap((f, i) => (keep(f) ? [i] : []));
    const at = new Map(cols.map((c, j) => [c, j]));
    const examples = data.map((ex) => {
      const js = Array.from(ex.idx).flatMap((c, j) => (at.has(c) ? [j] : []));
      return { ...ex, idx: Int32Array.from(js, (j) => at.get(ex.idx[j]!)!), val: Float64Array.from(js, (j) => ex.val[j]!) };
    });
    return { cols, examples };
  };
  const text = split((f) => !isRatingFeature(f));
  const first = train(text.examples, {
    mode: 'softmax',
    outputs: K,
    features: text.cols.length,
    l2: hyper.l2Polarity,
    l2Of: Float64Array.from(text.cols, (c) => (/^[ubp]:/.test(vocab[c]!) ? hyper.l2PolarityText : hyper.l2Polarity)),
    iterations: hyper.iterations,
    rate: hyper.rate,
  });
  const rating = split(isRatingFeature);
  const stacked = rating.examples.map((ex, i) => {
    const t = text.examples[i]!;
    const offset = Float64Array.from(first.bias);
    for (let j = 0; j < t.idx.length; j++) for (let k = 0; k < K; k++) offset[k]! += first.weights[t.idx[j]! * K + k]! * t.val[j]!;
    return { ...ex, offset };
  });
  const second = train(stacked, {
    mode: 'softmax',
    outputs: K,
    features: rating.cols.length,
    l2: hyper.l2Rating,
    iterations: hyper.iterations,
    rate: hyper.rate,
    fitBias: false,
  });
  const weights = new Float64Array(vocab.length * K);
  for (const [stage, model] of [
    [text, first],
    [rating, second],
  ] as const)
    stage.cols.forEach((c, j) => weights.set(model.weights.subarray(j * K, (j + 1) * K), c * K));
  return { bias: first.bias, weights };
}

/** JSON with object keys sorted at every level, so equal weights always serialise to equal bytes. */
export function stableJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return `${JSON.stringify(sort(value))}\n`;
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
