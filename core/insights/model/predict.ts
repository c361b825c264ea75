import type { Polarity } from '../../schemas/insights-schema.ts';
import { NEUTRAL_BAND, polarityOf } from '../polarity.ts';
import type { ScoredSentence } from '../scored-sentence.ts';
import { linearScorer, sigmoid, softmax, type AbsaModel } from './absa-model.ts';
import { categoryFeatures, targetFeatures, type ReviewContext, type RuleEvidence, type Target } from './sentence-features.ts';
import { addTextScores } from './text-table.ts';

/** A polarity with a signed score on the rules' scale: `polarityOf(score) === polarity` always holds. */
export interface Reading {
  polarity: Polarity;
  score: number;
}

/** The polarity layer's raw class probabilities for a target (null without the layer), and the decided reading. */
export interface PolarityVerdict {
  probabilities: number[] | null;
  reading: Reading;
}

/** Reads one sentence with the learned layers; the sentence's word features are computed once and shared. */
export interface SentenceReader {
  /** Raw probability, per aspect the model knows, that the sentence speaks of it (absent: the rules decide). */
  categories(evidence: readonly RuleEvidence[]): Map<string, number>;
  /** Polarity of a target of this sentence (see `decide`). */
  polarity(target: Omit<Target, 'sentence'>): PolarityVerdict;
}

/** A reader for one sentence; `review`: what is known of the review it comes from (its rating; nothing for bare text). */
export function readSentence(model: AbsaModel, s: ScoredSentence, review: ReviewContext = {}): SentenceReader {
  // One pass over the words fills both layers' starting scores.
  let category: number[] | null = null;
  let polarity: number[] | null = null;
  const start = () => {
    if (category || polarity) return;
    category = model.category ? [...model.category.bias] : null;
    polarity = model.polarity ? [...model.polarity.bias] : null;
    addTextScores(model.text, s, category, polarity);
  };
  return {
    categories(evidence) {
      const out = new Map<string, number>();
      if (!model.category) return out;
      start();
      const { sink, scores } = linearScorer(model.category.rest, category!);
      categoryFeatures(sink, [s], evidence, []);
      model.category.aspects.forEach((a, i) => out.set(a, sigmoid(scores[i]!)));
      return out;
    },
    polarity(target) {
      if (!model.polarity) return { probabilities: null, reading: { polarity: polarityOf(target.ruleScore), score: target.ruleScore } };
      start();
      const { sink, scores } = linearScorer(model.polarity.rest, polarity!);
      targetFeatures(sink, { ...target, sentence: s }, model.polarity.starWords, review);
      const probabilities = softmax(scores);
      return { probabilities, reading: decide(model, probabilities, target.ruleScore) };
    },
  };
}

/**
 * The polarity stacked on the rule score: the model sees the rules' reading as features and learns when
 * to trust it; an unsure model (top class below `trust`) leaves the reading to the rules, which know
 * neutral facts better than a model trained where neutral is rare. The score keeps the rules' scale so
 * sums over mentions (FAQ, `detectAspects`) still mean something: ±(band + confidence), 0 for neutral.
 */
function decide(model: AbsaModel, p: number[], ruleScore: number): Reading {
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
  if (p[best]! < model.polarity!.trust) return { polarity: polarityOf(ruleScore), score: ruleScore };
  const polarity = model.polarity!.classes[best]!;
  if (polarity === 'neutral') return { polarity, score: 0 };
  const magnitude = NEUTRAL_BAND + 0.01 + 3 * p[best]!;
  return { polarity, score: polarity === 'positive' ? magnitude : -magnitude };
}
