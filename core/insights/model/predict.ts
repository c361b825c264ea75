import type { Polarity } from '../../schemas/insights-schema.ts';
import { NEUTRAL_BAND, polarityOf } from '../polarity.ts';
import type { ScoredSentence } from '../scored-sentence.ts';
import { linearScorer, sigmoid, softmax, type AbsaModel } from './absa-model.ts';
import { categoryFeatures, targetFeatures, type RuleEvidence } from './sentence-features.ts';
import { addTextScores } from './text-table.ts';

/** A polarity with a signed score on the rules' scale: `polarityOf(score) === polarity` always holds. */
export interface Reading {
  polarity: Polarity;
  score: number;
}

/** Reads one sentence with the learned layers; the sentence's word features are computed once and shared. */
export interface SentenceReader {
  /** Probability, per aspect the model knows, that the sentence speaks of it (absent: the rules decide). */
  categories(evidence: readonly RuleEvidence[]): Map<string, number>;
  /** Polarity of a target — tokens `[from, to)`, or null for an implicit aspect (see predictPolarity). */
  polarity(from: number | null, to: number | null, aspect: string, ruleScore: number, sentenceScore: number): Reading;
}

/** A reader for one sentence. */
export function readSentence(model: AbsaModel, s: ScoredSentence): SentenceReader {
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
    polarity(from, to, aspect, ruleScore, sentenceScore) {
      if (!model.polarity) return { polarity: polarityOf(ruleScore), score: ruleScore };
      start();
      const { sink, scores } = linearScorer(model.polarity.rest, polarity!);
      targetFeatures(sink, s, from, to, aspect, ruleScore, sentenceScore);
      return decide(model, softmax(scores), ruleScore);
    },
  };
}

/** Probability per known aspect that the sentences speak of it (see SentenceReader.categories). */
export function categoryProbabilities(
  model: AbsaModel,
  sentences: readonly ScoredSentence[],
  evidence: readonly RuleEvidence[],
): Map<string, number> {
  if (sentences.length === 1) return readSentence(model, sentences[0]!).categories(evidence);
  const out = new Map<string, number>();
  if (!model.category) return out;
  const { sink, scores } = linearScorer(model.category.weights, model.category.bias);
  categoryFeatures(sink, sentences, evidence);
  model.category.aspects.forEach((a, i) => out.set(a, sigmoid(scores[i]!)));
  return out;
}

/**
 * The polarity of one target — tokens `[from, to)`, or null for an implicit aspect — stacked on the
 * rule score: the model sees the rules' reading as features and learns when to trust it. Without
 * a polarity layer the rule score decides, as before. The score keeps the rules' scale so sums
 * over mentions (FAQ, `detectAspects`) still mean something: ±(band + confidence), 0 for neutral.
 */
export function predictPolarity(
  model: AbsaModel,
  s: ScoredSentence,
  from: number | null,
  to: number | null,
  aspect: string,
  ruleScore: number,
  sentenceScore: number,
): Reading {
  return readSentence(model, s).polarity(from, to, aspect, ruleScore, sentenceScore);
}

function decide(model: AbsaModel, p: number[], ruleScore: number): Reading {
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
  // An unsure model leaves the reading to the rules (they know neutral facts better than a model
  // trained where neutral is rare).
  if (p[best]! < model.polarity!.trust) return { polarity: polarityOf(ruleScore), score: ruleScore };
  const polarity = model.polarity!.classes[best]!;
  if (polarity === 'neutral') return { polarity, score: 0 };
  const magnitude = NEUTRAL_BAND + 0.01 + 3 * p[best]!;
  return { polarity, score: polarity === 'positive' ? magnitude : -magnitude };
}
