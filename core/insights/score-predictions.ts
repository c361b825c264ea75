import type { Polarity } from '../schemas/insights-schema.ts';

/** The three classes, in the order tables print them. */
export const POLARITIES: readonly Polarity[] = ['positive', 'negative', 'neutral'];

/** Accuracy, per-class F1, macro-F1 and the confusion matrix of one labelled set. */
export interface PolarityScores {
  n: number;
  accuracy: number;
  macroF1: number;
  f1: Record<Polarity, number>;
  /** confusion[gold][predicted] */
  confusion: Record<Polarity, Record<Polarity, number>>;
}

/** Scores predicted polarities against gold labels (same order, same length). */
export function scorePredictions(gold: readonly Polarity[], predicted: readonly Polarity[]): PolarityScores {
  if (gold.length !== predicted.length) throw new Error(`${gold.length} gold labels but ${predicted.length} predictions`);
  const row = (): Record<Polarity, number> => ({ positive: 0, negative: 0, neutral: 0 });
  const confusion = { positive: row(), negative: row(), neutral: row() };
  gold.forEach((g, i) => confusion[g][predicted[i]!]++);
  const correct = POLARITIES.reduce((sum, p) => sum + confusion[p][p], 0);
  const f1 = row();
  for (const p of POLARITIES) {
    const tp = confusion[p][p];
    const predictedP = POLARITIES.reduce((sum, g) => sum + confusion[g][p], 0);
    const goldP = POLARITIES.reduce((sum, q) => sum + confusion[p][q], 0);
    const precision = predictedP ? tp / predictedP : 0;
    const recall = goldP ? tp / goldP : 0;
    f1[p] = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  }
  // Macro-F1 over the classes present in the gold set, so a set without neutrals is not penalised.
  const present = POLARITIES.filter((p) => POLARITIES.some((q) => confusion[p][q] > 0));
  const macroF1 = present.length ? present.reduce((sum, p) => sum + f1[p], 0) / present.length : 0;
  return { n: gold.length, accuracy: gold.length ? correct / gold.length : 0, macroF1, f1, confusion };
}

/** Precision, recall and F1 of predicted (id, aspect, polarity) pairs against gold pairs. */
export function scorePairs(gold: ReadonlySet<string>, predicted: ReadonlySet<string>): { precision: number; recall: number; f1: number; tp: number } {
  let tp = 0;
  for (const p of predicted) if (gold.has(p)) tp++;
  const precision = predicted.size ? tp / predicted.size : 0;
  const recall = gold.size ? tp / gold.size : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, tp };
}

/** The confusion matrix as aligned text rows (gold down, predicted across). */
export function formatConfusion(c: PolarityScores['confusion']): string {
  const head = ['gold \\ pred', ...POLARITIES].map((h) => h.padStart(11)).join(' ');
  const rows = POLARITIES.map((g) => [g, ...POLARITIES.map((p) => String(c[g][p]))].map((x) => x.padStart(11)).join(' '));
  return [head, ...rows].join('\n');
}
