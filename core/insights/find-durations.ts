import type { AnalyzedReview } from './analyze-review.ts';

/** A statement of how long the job took, found in one sentence of a review. */
export interface Duration {
  days: number;
  sentence: number;
  /** Character offset in the review text. */
  start: number;
}

const NUMBERS: Readonly<Record<string, number>> = {
  a: 1,
  one: 1,
  single: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
};
const DURATION = /\b(a single|a|one|two|three|four|five|six|seven|[1-7])[ -](day|days|week|weeks)\b/gi;
/** The sentence must be about doing the work… */
const JOB_WORDS = /\b(done|finished|finish|completed|complete|took|tore|tear|replaced|installed|install|job|roof|start to finish)\b/i;
/** …and not about waiting for it, a later visit or when it happened. */
const NOT_DURATION = /\b(wait|waited|waiting|later|ago|after|before|until|schedul\w*|booked|out for|every|warranty|per|notice|since)\b/i;

/**
 * Durations such as "finished the whole roof in one day" or "took two days" in a review's
 * sentences. Deliberately narrow: a sentence must mention the work and must not be about waiting
 * ("waited two weeks for a crew") or timing ("two days later"), so an answer built on these
 * figures does not mix job length with lead time.
 */
export function findDurations(a: AnalyzedReview): Duration[] {
  const out: Duration[] = [];
  a.sentences.forEach((s, sentence) => {
    const text = a.review.text.slice(s.start, s.end);
    if (!JOB_WORDS.test(text) || NOT_DURATION.test(text)) return;
    for (const m of text.matchAll(DURATION)) {
      const n = NUMBERS[m[1]!.toLowerCase().replace('a single', 'single')] ?? 1;
      const days = /week/i.test(m[2]!) ? n * 7 : n;
      out.push({ days, sentence, start: s.start + m.index });
    }
  });
  return out;
}
