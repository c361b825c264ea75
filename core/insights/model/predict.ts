import type { Polarity } from '../../schemas/insights-schema.ts';
import { NEUTRAL_BAND, polarityOf } from '../polarity.ts';
import type { ScoredSentence } from '../scored-sentence.ts';
import { linearScorer, sigmoid, softmax, type AbsaModel } from './absa-model.ts';
import { categoryFeatures, targetFeatures, textFeatures, type RuleEvidence } from './sentence-features.ts';

/** A polarity with a signed score on the rules' scale: `polarityOf(score) === polarity` always holds. */
export interface Reading {
  polarity: Polarity;
  score: number;
}

/**
 * Probability, per aspect the model knows, that the sentence speaks of it. Aspects the model was
 * not trained on are absent (the rules decide them).
 */
export function categoryProbabilities(model: AbsaModel, sentences: readonly ScoredSentence[], evidence: readonly RuleEvidence[]): Map<string, number> {
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
export function predictPolarity(model: AbsaModel, s: ScoredSentence, from: number | null, to: number | null, aspect: string, ruleScore: number, sentenceScore: number): Reading {
  if (!model.polarity) return { polarity: polarityOf(ruleScore), score: ruleScore };
  const { sink, scores } = linearScorer(model.polarity.weights, sentenceScores(model, s));
  targetFeatures(sink, s, from, to, aspect, ruleScore, sentenceScore);
  const p = softmax(scores);
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
  // An unsure model leaves the reading to the rules (they know neutral facts better than a model
  // trained where neutral is rare).
  if (p[best]! < model.polarity.trust) return { polarity: polarityOf(ruleScore), score: ruleScore };
  const polarity = model.polarity.classes[best]!;
  if (polarity === 'neutral') return { polarity, score: 0 };
  const magnitude = NEUTRAL_BAND + 0.01 + 3 * p[best]!;
  return { polarity, score: polarity === 'positive' ? magnitude : -magnitude };
}

const textScores = new WeakMap<AbsaModel, WeakMap<ScoredSentence, number[]>>();

/** Bias plus the contribution of the sentence's words to the polarity scores, once per sentence and model. */
function sentenceScores(model: AbsaModel, s: ScoredSentence): number[] {
  let byModel = textScores.get(model);
  if (!byModel) textScores.set(model, (byModel = new WeakMap()));
  const hit = byModel.get(s);
  if (hit) return hit;
  const { sink, scores } = linearScorer(model.polarity!.weights, model.polarity!.bias);
  for (const name of textFeatures(s)) sink(name, 1);
  byModel.set(s, scores);
  return scores;
}
