import type { AspectId } from '../schemas/business-schema.ts';
import type { Polarity } from '../schemas/insights-schema.ts';
import type { AspectLexicon } from './aspect-lexicon.ts';
import type { AbsaModel } from './model/absa-model.ts';
import { calibrateMention, calibratePolarity, logit } from './model/calibration.ts';
import { readSentence, type Reading } from './model/predict.ts';
import { readRules, type RuleHit } from './read-rules.ts';
import type { ScoredSentence } from './scored-sentence.ts';
import type { ReviewContext } from './model/sentence-features.ts';
import { scoreTarget } from './score-target.ts';

/**
 * What the reader makes of one aspect in one sentence: calibrated probabilities, the decision, and the
 * confidence of the claim the decision makes. The one interface every path that reads a sentence goes
 * through (the build, `npm run absa`, the FAQ, summary and entity quotes, `npm run train` and `eval`).
 */
export interface AspectReading {
  aspect: AspectId;
  /** Token range of the aspect's strongest rule term, or null for an implicit aspect (no term names it). */
  from: number | null;
  to: number | null;
  /** Calibrated probability that the sentence speaks of the aspect (0 or 1 where the rules alone decide). */
  mention: number;
  /** Calibrated probability of each polarity, given that it does. */
  polarity: Record<Polarity, number>;
  /** The probabilities were measured on writers the model did not learn from (a calibrated layer knows the aspect). */
  measured: boolean;
  /** The decision: the sentence speaks of the aspect… */
  present: boolean;
  /** …with this polarity. */
  reading: Reading;
  /** Calibrated probability that "this sentence says `reading.polarity` about the aspect" is true (0 when not measured). */
  confidence: number;
}

/**
 * Readings whose calibrated mention probability is below this are dropped unless the decision keeps
 * them, and add nothing to an aspect's opinion mass. The many sentences about something else each
 * carry a little probability of every aspect, and how much differs from one way of writing to another:
 * measured on held-out writers, a floor of 0.5 cut the error of the shares at set mixes by a quarter
 * against 0.02 (`npm run eval`), and skipping their polarity saves reading time. The quantifier's rates
 * are measured with the same floor.
 */
export const MASS_FLOOR = 0.5;

const CLASSES: readonly Polarity[] = ['positive', 'negative', 'neutral'];

/**
 * Reads every aspect of the lexicon in one sentence. The rules find and score the lexicon's terms; the
 * category layer gives each aspect a probability (kept for a rule mention above `veto`, added without
 * one above `threshold`); the polarity layer reads each kept or likely aspect, stacked on the rule
 * score of its strongest term (of the sentence, when implicit). Without learned layers the rules decide.
 * `floor` 0 reads every aspect (training fits the calibration on all of them). `review`: what is known of the
 * sentence's review (the build passes its star rating; bare sentences nothing).
 */
export function readAspects(
  s: ScoredSentence,
  lexicon: AspectLexicon,
  model: AbsaModel,
  floor = MASS_FLOOR,
  review: ReviewContext = {},
): AspectReading[] {
  const { hits, evidence } = readRules(s, lexicon);
  const strongest = new Map<AspectId, RuleHit>();
  for (const h of hits) if (Math.abs(h.score) > Math.abs(strongest.get(h.aspect)?.score ?? -1)) strongest.set(h.aspect, h);
  const reader = readSentence(model, s, review);
  const raw = reader.categories(evidence);
  const out: AspectReading[] = [];
  let sentenceScore: number | null = null;
  for (const aspect of lexicon.labels.keys()) {
    const hit = strongest.get(aspect);
    const p = raw.get(aspect);
    const known = p !== undefined;
    const present = !known ? hit !== undefined : hit ? p >= model.category!.veto : p >= model.category!.threshold;
    const mention = known ? calibrateMention(p, model.calibration) : hit ? 1 : 0;
    if (!present && mention < floor) continue;
    sentenceScore ??= s.tokens.length ? scoreTarget(s, 0, s.tokens.length) : 0;
    const verdict = reader.polarity({ from: hit?.from ?? null, to: hit?.to ?? null, aspect, ruleScore: hit?.score ?? sentenceScore, sentenceScore });
    const probs = verdict.probabilities
      ? calibratePolarity(verdict.probabilities, model.calibration)
      : CLASSES.map((c) => (c === verdict.reading.polarity ? 1 : 0));
    const classes = model.polarity?.classes ?? CLASSES;
    const polarity = { positive: 0, negative: 0, neutral: 0 };
    classes.forEach((c, i) => (polarity[c] = probs[i]!));
    const measured = known && model.calibrated && verdict.probabilities !== null;
    out.push({
      aspect,
      from: hit?.from ?? null,
      to: hit?.to ?? null,
      mention,
      polarity,
      measured,
      present,
      reading: verdict.reading,
      confidence: measured ? mention * polarity[verdict.reading.polarity] : 0,
    });
  }
  return out;
}

/**
 * The calibrated probability that a positive or negative reading's claim is right, from its confidence
 * and whether a term names the aspect (implicit readings err more): the model's claim calibration,
 * fitted on writer-held-out claims. Without one (or for neutral readings), the reading's confidence.
 */
export function claimConfidence(r: Pick<AspectReading, 'confidence' | 'reading' | 'from' | 'measured'>, model: AbsaModel): number {
  const polarity = r.reading.polarity;
  if (!r.measured) return 0;
  if (!model.quotes || polarity === 'neutral') return r.confidence;
  const c = model.quotes.claim[polarity];
  return 1 / (1 + Math.exp(-(c.intercept + c.slope * logit(r.confidence) + c.explicit * (r.from !== null ? 1 : 0))));
}

/** Whether a reading may be quoted as saying its polarity about its aspect: its claim confidence reaches the model's threshold. */
export function isSure(r: Pick<AspectReading, 'confidence' | 'reading' | 'from' | 'measured'>, model: AbsaModel): boolean {
  const polarity = r.reading.polarity;
  if (!model.quotes || polarity === 'neutral') return false;
  return claimConfidence(r, model) >= model.quotes.threshold[polarity];
}
