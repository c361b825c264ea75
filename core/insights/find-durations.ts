import type { AnalyzedReview } from './analyze-review.ts';
import { forEachSentenceText, type SentenceFact } from './sentence-fact.ts';
import { DURATION, DURATION_NUMBER_WORDS, JOB_WORDS, NOT_DURATION } from './lexicon/fact-patterns.ts';

/** A statement of how long the job took, found in one sentence of a review (`start`: where the length is said). */
export interface Duration extends SentenceFact {
  days: number;
}

/**
 * Durations such as "finished the whole roof in one day" or "took two days" in a review's
 * sentences. Deliberately narrow: a sentence must mention the work and must not be about waiting
 * ("waited two weeks for a crew") or timing ("two days later"), so an answer built on these
 * figures does not mix job length with lead time.
 */
export function findDurations(a: AnalyzedReview): Duration[] {
  const out: Duration[] = [];
  forEachSentenceText(a, (text, sentence, start) => {
    if (!JOB_WORDS.test(text) || NOT_DURATION.test(text)) return;
    for (const m of text.matchAll(DURATION)) {
      const n = DURATION_NUMBER_WORDS[m[1]!.toLowerCase().replace('a single', 'single')] ?? 1;
      const days = /week/i.test(m[2]!) ? n * 7 : n;
      out.push({ days, sentence, start: start + m.index });
    }
  });
  return out;
}
