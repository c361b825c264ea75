/**
 * The whole reader as `npm run train` ships it: the two learned layers trained on every training
 * writer, plus what writer-held-out cross-fitting measured about them (cross-fit-reader.ts) — the
 * calibration, the rates the quantifier corrects with, and the quote thresholds — and the fingerprint
 * of the feature definitions. Deterministic for the same corpus.
 */
import { compileAspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { AbsaWeights } from '../../core/insights/model/absa-model.ts';
import { featureFingerprint } from '../../core/insights/model/feature-fingerprint.ts';
import type { CorpusItem } from './absa-corpus.ts';
import {
  calibratedClaim,
  chooseQuoteTarget,
  chooseQuoteThreshold,
  fitClaimCalibration,
  claimsOf,
  fitReaderCalibration,
  foldCount,
  measureAllRates,
  measureShift,
  QUOTE_CONFIDENCE,
  QUOTE_PRECISION,
  readHeldOut,
  trainFolds,
  validateQuoteRule,
  type CalibrationFit,
} from './cross-fit-reader.ts';
import { chooseShiftScale, type ShiftScale } from './choose-shift-scale.ts';
import type { Progress } from './progress.ts';
import type { Hyper } from './train-absa-model.ts';

/** Version of the weights document with calibration, rates and quote thresholds. */
const READER_VERSION = 2;

/** Thresholds are rounded down, so the shipped one keeps every claim the chosen one kept. */
const round4 = (x: number): number => Math.floor(x * 1e4) / 1e4 + 0;

export interface TrainedReader {
  weights: AbsaWeights;
  /** Held-out figures of the fit, for the command's report. */
  ece: CalibrationFit['ece'];
}

/** Trains and measures the reader (see the module comment); `progress` hears of each of the 1 + writers models trained. */
export async function trainReader(
  items: readonly CorpusItem[],
  business: Pick<BusinessConfig, 'aspects'>,
  hyper: Hyper,
  corpusDigest: string,
  progress?: Pick<Progress, 'start' | 'tick' | 'done'>,
): Promise<TrainedReader> {
  const lexicon = compileAspectLexicon(business);
  const aspects = [...lexicon.labels.keys()];
  progress?.start(1 + foldCount(new Set(items.map((it) => it.writer)).size), 'training');
  const { folds, shipped } = await trainFolds(items, business, aspects, hyper, () => progress?.tick(), { corpusDigest });
  const layers = shipped!;
  progress?.done();
  const fit = fitReaderCalibration(folds, lexicon);
  const readings = readHeldOut(folds, lexicon, fit.calibration);
  const claims = claimsOf(readings);
  const side = (polarity: 'positive' | 'negative') => {
    const own = claims.filter((c) => c.polarity === polarity);
    const claim = fitClaimCalibration(own);
    const calibrated = own.map((c) => calibratedClaim(c, claim));
    const target = chooseQuoteTarget(calibrated);
    return { claim, target, validation: validateQuoteRule(calibrated, target), ...chooseQuoteThreshold(calibrated, target) };
  };
  const positive = side('positive');
  const negative = side('negative');
  const weights: AbsaWeights = {
    ...layers,
    version: READER_VERSION,
    features: featureFingerprint(),
    calibration: fit.calibration,
    quantifier: {
      method: 'ratio-pacc',
      folds: `by writer: ${folds.map((f) => f.writers.join('+')).join(', ')}`,
      aspects: measureAllRates(readings, aspects),
      ...shiftOf(measureShift(readings, aspects)),
      ...shiftScaleOf(chooseShiftScale(readings, aspects)),
    },
    quotes: {
      precision: QUOTE_PRECISION,
      confidence: QUOTE_CONFIDENCE,
      claim: { positive: positive.claim, negative: negative.claim },
      threshold: { positive: round4(positive.threshold), negative: round4(negative.threshold) },
      measured: {
        positiveTarget: positive.target,
        negativeTarget: negative.target,
        positiveHeldOutPrecision: positive.validation.heldOutPrecision,
        positiveHeldOutKept: positive.validation.heldOutKept,
        negativeHeldOutPrecision: negative.validation.heldOutPrecision,
        negativeHeldOutKept: negative.validation.heldOutKept,
        positiveKept: positive.kept,
        positiveErrors: positive.errors,
        positiveClaims: positive.of,
        negativeKept: negative.kept,
        negativeErrors: negative.errors,
        negativeClaims: negative.of,
      },
    },
  };
  return { weights, ece: fit.ece };
}

function shiftOf(s: { shiftSd: number; shared: number }): { shiftSd: number; shiftShared: number } {
  return { shiftSd: s.shiftSd, shiftShared: s.shared };
}

function shiftScaleOf(s: ShiftScale): { shiftScale: number; shiftCoverage: { lowestWriter: number; pooled: number } } {
  return { shiftScale: s.scale, shiftCoverage: { lowestWriter: s.lowestWriter, pooled: s.pooled } };
}
