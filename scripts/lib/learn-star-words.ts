import { tokenize } from '../../core/insights/tokenize.ts';
import type { StarWords } from '../../core/insights/model/star-words.ts';
import { round4 } from './train-logistic.ts';

/** Stars from which a review's sentences count as praise, and up to which as complaint (3 stars: neither). */
const PRAISE_FROM = 4;
const COMPLAINT_UP_TO = 2;
/** A word must occur in this many sentences of either side to get a score (rarer ones are noise). */
const MIN_SENTENCES = 5;
/** Scores closer to 0 than this say nothing and are left out (a smaller table). */
const MIN_ABS = 0.5;

/**
 * Learns the star-word table (core/insights/model/star-words.ts) from sentences with the star rating of their
 * review: per word, log2 of its add-one-smoothed share of praise sentences over its share of complaint sentences,
 * counted once per sentence. Only from the training writers given (each cross-fitting fold learns its own).
 */
export function learnStarWords(items: readonly { text: string; stars?: number | null }[]): StarWords {
  const praise = new Map<string, number>();
  const complaint = new Map<string, number>();
  let praiseSentences = 0;
  let complaintSentences = 0;
  for (const it of items) {
    if (it.stars === null || it.stars === undefined) continue;
    const side = it.stars >= PRAISE_FROM ? praise : it.stars <= COMPLAINT_UP_TO ? complaint : null;
    if (!side) continue;
    if (side === praise) praiseSentences++;
    else complaintSentences++;
    for (const w of new Set(tokenize(it.text).flatMap((t) => (t.word ? [t.norm] : [])))) side.set(w, (side.get(w) ?? 0) + 1);
  }
  const words = [...new Set([...praise.keys(), ...complaint.keys()])].sort();
  const table = new Map<string, number>();
  for (const w of words) {
    const p = praise.get(w) ?? 0;
    const c = complaint.get(w) ?? 0;
    if (p + c < MIN_SENTENCES) continue;
    const score = Math.log2((p + 1) / (praiseSentences + 2)) - Math.log2((c + 1) / (complaintSentences + 2));
    if (Math.abs(score) >= MIN_ABS) table.set(w, round4(score));
  }
  return table;
}
