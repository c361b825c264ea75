/**
 * The generator's truth against the engine: a generated business (reviews plus the aspect opinions
 * the generator put in each sentence) read by the engine, compared per aspect (positive / negative
 * counts, the figures the home page publishes) and per sentence (detection and polarity).
 */
import { analyzeReview } from '../../core/insights/analyze-review.ts';
import { compileAspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import type { AbsaModel } from '../../core/insights/model/absa-model.ts';
import { scorePairs, scorePredictions, type PolarityScores } from '../../core/insights/score-predictions.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { Polarity } from '../../core/schemas/insights-schema.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import { generateReviewsWithTruth } from './generate-reviews.ts';
import { createRandom } from '../../core/random/create-random.ts';

export interface TruthComparison {
  reviews: number;
  /** Per aspect: [truth, engine] counts of positive and negative mentions. */
  counts: { aspect: string; truth: Record<Polarity, number>; engine: Record<Polarity, number> }[];
  pairs: { precision: number; recall: number; f1: number };
  /** Polarity of the gold (sentence, aspect) labels the engine also found. */
  polarity: PolarityScores;
}

const zero = (): Record<Polarity, number> => ({ positive: 0, negative: 0, neutral: 0 });

/** Generates `count` reviews (seed 1) and compares the engine's reading with the generator's truth. */
export function compareWithTruth(business: BusinessConfig, count: number, model?: AbsaModel): TruthComparison {
  const lexicon = compileAspectLexicon(business);
  const truth = new Map(business.aspects.map((a) => [a.id as string, zero()]));
  const engine = new Map(business.aspects.map((a) => [a.id as string, zero()]));
  const gold = new Set<string>();
  const predicted = new Set<string>();
  const goldP: Polarity[] = [];
  const predP: Polarity[] = [];
  for (const { record, truth: t } of generateReviewsWithTruth(createRandom(1), business, count, '2026-11-15')) {
    const review = { ...record, technicians: [], services: [], serviceArea: null, url: 'https://x.example/' } as unknown as Review;
    const a = analyzeReview(review, business, lexicon, model);
    // Truth sentences are joined with one space: their offsets place each engine mention in one.
    const starts: number[] = [];
    let at = 0;
    for (const s of t.sentences) {
      starts.push(at);
      at += s.text.length + 1;
    }
    const sentenceAt = (offset: number) => starts.findLastIndex((x) => x <= offset);
    const found = new Map<string, Polarity>();
    for (const m of a.mentions) {
      engine.get(m.aspect)![m.polarity]++;
      const key = `${t.id}|${sentenceAt(a.sentences[m.sentence]!.start)}|${m.aspect}`;
      found.set(key, m.polarity);
      predicted.add(`${key}|${m.polarity}`);
    }
    t.sentences.forEach((s, i) => {
      for (const l of s.labels) {
        truth.get(l.aspect)![l.polarity]++;
        const key = `${t.id}|${i}|${l.aspect}`;
        gold.add(`${key}|${l.polarity}`);
        if (found.has(key)) {
          goldP.push(l.polarity);
          predP.push(found.get(key)!);
        }
      }
    });
  }
  return {
    reviews: count,
    counts: business.aspects.map((x) => ({ aspect: x.id, truth: truth.get(x.id)!, engine: engine.get(x.id)! })),
    pairs: scorePairs(gold, predicted),
    polarity: scorePredictions(goldP, predP),
  };
}
