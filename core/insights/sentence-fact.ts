import type { AnalyzedReview } from './analyze-review.ts';

/** A plain fact a review states in one of its sentences (a warranty term, a job's length): where to quote it from. */
export interface SentenceFact {
  /** Index of the sentence in the review's analysis. */
  sentence: number;
  /** Character offset in the review text where the fact's quote starts. */
  start: number;
}

/** Calls `read` with each sentence's text, its index and its offset in the review text: the walk the fact finders share. */
export function forEachSentenceText(a: AnalyzedReview, read: (text: string, sentence: number, start: number) => void): void {
  a.sentences.forEach((s, sentence) => read(a.review.text.slice(s.start, s.end), sentence, s.start));
}
