import { z } from 'zod';
import type { Polarity } from '../../schemas/insights-schema.ts';
import { AspectRatesSchema, type AspectRates } from '../quantify/binary-rates.ts';
import { CalibrationSchema, IDENTITY_CALIBRATION, type Calibration } from './calibration.ts';
import { featureFingerprint } from './feature-fingerprint.ts';
import type { StarWords } from './star-words.ts';
import type { FeatureSink } from './sentence-features.ts';
import { isTextFeature, textTable, type TextTable } from './text-table.ts';
import weights from './absa-weights.json' with { type: 'json' };

const WeightTableSchema = z.record(z.string(), z.array(z.number()));
const ClaimCalibrationSchema = z.object({ intercept: z.number(), slope: z.number(), explicit: z.number() }).strict();
export type ClaimCalibration = z.infer<typeof ClaimCalibrationSchema>;

/** The shipped weights file (`absa-weights.json`), written by `npm run train`. */
export const AbsaWeightsSchema = z.object({
  format: z.literal('shingle-absa-model'),
  version: z.int().min(1),
  /** Where the weights come from: corpus file digest, item counts, hyper-parameters. */
  trainedOn: z.record(z.string(), z.union([z.string(), z.number()])),
  /** One-vs-rest logistic regression per aspect id; null = the rules alone decide which aspects a sentence has. */
  category: z
    .object({ aspects: z.array(z.string()), bias: z.array(z.number()), threshold: z.number(), veto: z.number(), weights: WeightTableSchema })
    .nullable()
    .meta({ description: 'threshold: probability from which an aspect no rule found is added; veto: below which a rule mention is dropped.' }),
  /** Softmax regression over the classes; null = the rule score alone decides polarity. */
  polarity: z
    .object({
      classes: z.array(z.enum(['positive', 'negative', 'neutral'])),
      bias: z.array(z.number()),
      trust: z.number(),
      weights: WeightTableSchema,
      /** The star-word table the layer was trained with (star-words.ts); absent: trained without it. */
      starWords: z.record(z.string(), z.number()).optional(),
    })
    .nullable()
    .meta({ description: 'trust: the model overrules the rule reading only when its top class has at least this probability.' }),
  /** Fingerprint of the feature definitions the layers were trained with (see feature-fingerprint.ts); checked on load. */
  features: z.string().optional(),
  /** Platt / temperature scaling fitted on writer-held-out predictions; absent: the raw probabilities. */
  calibration: CalibrationSchema.nullable().optional(),
  /** Measured rates per aspect for corrected shares (PACC); absent: no share is published. */
  quantifier: z
    .object({
      method: z.literal('ratio-pacc'),
      folds: z.string(),
      aspects: z.record(z.string(), AspectRatesSchema),
      /** Standard deviation of the share's error from one writer to another that the rates do not explain (held-out residuals). */
      shiftSd: z.number().min(0),
      /**
       * The factor the shift is drawn with: the smallest that lets every training writer's set-share businesses be
       * covered 88% of the time (scripts/lib/choose-shift-scale.ts). Absent: 1.
       */
      shiftScale: z.number().min(1).optional(),
      /** At that scale, the lowest writer's coverage and the pooled coverage (what `npm run train` measured). */
      shiftCoverage: z.object({ lowestWriter: z.number(), pooled: z.number() }).strict().optional(),
      /** The part of the shift's variance one writer's aspects have in common (0–1; measureShift). Absent: 0. */
      shiftShared: z.number().min(0).max(1).optional(),
    })
    .strict()
    .nullable()
    .optional(),
  /** When a reading may be quoted: the claim calibration and its threshold per polarity; absent: nothing is quoted. */
  quotes: z
    .object({
      /** Target precision of quotes on held-out writers, and the one-sided confidence of the Clopper–Pearson bounds reported. */
      precision: z.number(),
      confidence: z.number(),
      /** P(claim right) = σ(intercept + slope·logit(reading confidence) + explicit·[a term names the aspect]), per polarity. */
      claim: z.object({ positive: ClaimCalibrationSchema, negative: ClaimCalibrationSchema }).strict(),
      threshold: z.object({ positive: z.number(), negative: z.number() }).strict(),
      /** What the thresholds kept on the held-out predictions they were chosen on. */
      measured: z.record(z.string(), z.union([z.string(), z.number()])),
    })
    .strict()
    .nullable()
    .optional(),
});
export type AbsaWeights = z.infer<typeof AbsaWeightsSchema>;

/** Weights ready for inference: feature tables as maps. */
export interface AbsaModel {
  version: number;
  category: {
    aspects: string[];
    index: Map<string, number>;
    bias: number[];
    threshold: number;
    veto: number;
    weights: Map<string, number[]>;
    rest: Map<string, number[]>;
  } | null;
  polarity: {
    classes: Polarity[];
    bias: number[];
    trust: number;
    weights: Map<string, number[]>;
    rest: Map<string, number[]>;
    /** Word–polarity table learned from star ratings (null: the layer was trained without it). */
    starWords: StarWords | null;
  } | null;
  /** Word features of both layers, indexed by word (see text-table.ts). */
  text: TextTable;
  /** Whether the probabilities are calibrated (a fitted calibration shipped), and how. */
  calibrated: boolean;
  calibration: Calibration;
  /** Measured rates per aspect id and the writer-shift spread of the share (null: no corrected shares). */
  rates: ReadonlyMap<string, AspectRates> | null;
  /** The spread the bootstrap draws the writer shift with: the measured one times `shiftScale`. */
  shiftSd: number;
  shiftScale: number;
  /** The part of the shift's variance a business's aspects share (they move together by it). */
  shiftShared: number;
  /** At that scale, the coverage of the training writer covered least often (null: not measured). */
  lowestWriterCoverage: number | null;
  /** Fingerprint of the feature definitions the weights were trained with (null: weights without one, or the rules alone). */
  features: string | null;
  /** How sure a positive or negative reading must be to be quoted (null: never quoted). */
  quotes: { precision: number; claim: Record<'positive' | 'negative', ClaimCalibration>; threshold: Record<'positive' | 'negative', number> } | null;
}

/** Validates and indexes a weights document; weights trained with other feature definitions are refused. */
export function loadModel(json: unknown): AbsaModel {
  const w = AbsaWeightsSchema.parse(json);
  if (w.features !== undefined && w.features !== featureFingerprint()) {
    throw new Error(
      `ABSA weights were trained with other feature definitions (fingerprint ${w.features}, the code's is ${featureFingerprint()}): run npm run train`,
    );
  }
  return {
    version: w.version,
    category: w.category && {
      aspects: w.category.aspects,
      index: new Map(w.category.aspects.map((a, i) => [a, i])),
      bias: w.category.bias,
      threshold: w.category.threshold,
      veto: w.category.veto,
      weights: new Map(Object.entries(w.category.weights)),
      rest: rest(w.category.weights),
    },
    polarity: w.polarity && {
      classes: w.polarity.classes,
      bias: w.polarity.bias,
      trust: w.polarity.trust,
      weights: new Map(Object.entries(w.polarity.weights)),
      rest: rest(w.polarity.weights),
      starWords: w.polarity.starWords ? new Map(Object.entries(w.polarity.starWords)) : null,
    },
    text: textTable({
      ...(w.category && { category: new Map(Object.entries(w.category.weights)) }),
      ...(w.polarity && { polarity: new Map(Object.entries(w.polarity.weights)) }),
    }),
    calibrated: Boolean(w.calibration),
    calibration: w.calibration ?? IDENTITY_CALIBRATION,
    rates: w.quantifier ? new Map(Object.entries(w.quantifier.aspects)) : null,
    shiftSd: (w.quantifier?.shiftSd ?? 0) * (w.quantifier?.shiftScale ?? 1),
    shiftScale: w.quantifier?.shiftScale ?? 1,
    shiftShared: w.quantifier?.shiftShared ?? 0,
    lowestWriterCoverage: w.quantifier?.shiftCoverage?.lowestWriter ?? null,
    features: w.features ?? null,
    quotes: w.quotes ? { precision: w.quotes.precision, claim: w.quotes.claim, threshold: w.quotes.threshold } : null,
  };
}

/** The features of a table that are not word features (looked up by name). */
function rest(weights: Record<string, number[]>): Map<string, number[]> {
  return new Map(Object.entries(weights).filter(([name]) => !isTextFeature(name)));
}

let shipped: AbsaModel | undefined;

/**
 * The model shipped with the engine, validated and indexed on first use rather than on import: Astro's
 * prerendered pages import the insights modules but only read the model the build hands them, and
 * validating the 1.1 MB of weights there cost about 0.25 s of every build.
 */
export function absaModel(): AbsaModel {
  shipped ??= loadModel(weights);
  return shipped;
}

/** A model with no learned layers: the rules alone (used to measure what the model adds). */
export const RULES_ONLY: AbsaModel = {
  version: 0,
  category: null,
  polarity: null,
  text: textTable({}),
  calibrated: false,
  calibration: IDENTITY_CALIBRATION,
  rates: null,
  shiftSd: 0,
  shiftScale: 1,
  shiftShared: 0,
  lowestWriterCoverage: null,
  features: null,
  quotes: null,
};

/** Linear scores of a weight table: call `sink` with features, then read `scores`. */
export function linearScorer(table: Map<string, number[]>, bias: readonly number[]): { sink: FeatureSink; scores: number[] } {
  const scores = [...bias];
  const sink: FeatureSink = (name, value) => {
    const w = table.get(name);
    if (w) for (let i = 0; i < w.length; i++) scores[i]! += w[i]! * value;
  };
  return { sink, scores };
}

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Softmax of linear scores, in place. */
export function softmax(scores: number[]): number[] {
  const max = Math.max(...scores);
  let sum = 0;
  for (let i = 0; i < scores.length; i++) sum += scores[i] = Math.exp(scores[i]! - max);
  for (let i = 0; i < scores.length; i++) scores[i]! /= sum;
  return scores;
}
