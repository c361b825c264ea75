/** Scores the engine (with a given model) on labelled corpus items: polarity per label and detection. */
import { classifyAspect, classifyTerm, detectAspects } from '../../core/insights/classify-aspect.ts';
import type { AspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import type { AbsaModel } from '../../core/insights/model/absa-model.ts';
import { scorePairs, scorePredictions, type PolarityScores } from '../../core/insights/score-predictions.ts';
import type { AspectId } from '../../core/schemas/business-schema.ts';
import type { Polarity } from '../../core/schemas/insights-schema.ts';
import { reviewOf, termRange, type CorpusItem } from './absa-corpus.ts';

export interface CorpusScores {
  /** Labels with a term, classified at the term's offsets (the CLI's term mode). */
  term: PolarityScores;
  /** Every label; implicit ones classified by aspect id (the CLI's category mode). */
  all: PolarityScores;
  pairs: { precision: number; recall: number; f1: number };
  aspectsOnly: { precision: number; recall: number; f1: number };
}

/** Runs the engine's own entry points (as `npm run absa` does) over the items. */
export function scoreCorpus(items: readonly CorpusItem[], lexicon: AspectLexicon, model: AbsaModel): CorpusScores {
  const termGold: Polarity[] = [];
  const termPred: Polarity[] = [];
  const allGold: Polarity[] = [];
  const allPred: Polarity[] = [];
  const gold = new Set<string>();
  const predicted = new Set<string>();
  const goldA = new Set<string>();
  const predA = new Set<string>();
  for (const it of items) {
    const review = reviewOf(it);
    for (const l of it.labels) {
      const range = termRange(it.text, l);
      const known = lexicon.labels.has(l.category as AspectId) ? (l.category as AspectId) : undefined;
      const opts = known ? { lexicon, model, aspect: known, review } : { lexicon, model, review };
      const p = range ? classifyTerm(it.text, range[0], range[1], opts) : known ? classifyAspect(it.text, known, lexicon, model, review) : 'neutral';
      if (range) {
        termGold.push(l.polarity);
        termPred.push(p);
      }
      allGold.push(l.polarity);
      allPred.push(p);
      gold.add(`${it.id}|${l.category}|${l.polarity}`);
      goldA.add(`${it.id}|${l.category}`);
    }
    for (const d of detectAspects(it.text, lexicon, model, review)) {
      predicted.add(`${it.id}|${d.aspect}|${d.polarity}`);
      predA.add(`${it.id}|${d.aspect}`);
    }
  }
  return {
    term: scorePredictions(termGold, termPred),
    all: scorePredictions(allGold, allPred),
    pairs: scorePairs(gold, predicted),
    aspectsOnly: scorePairs(goldA, predA),
  };
}
