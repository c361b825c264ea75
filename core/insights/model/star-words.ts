import type { ScoredSentence } from '../scored-sentence.ts';

/**
 * An in-domain word–polarity table learned from star ratings (issue 23, item 6; Kiritchenko et al. 2014 built
 * theirs the same way): per word, log2 of how much more often it occurs in sentences of 4–5 star reviews than
 * in sentences of 1–2 star reviews of the training corpus (`npm run train`, scripts/lib/learn-star-words.ts).
 * Shipped inside the weights; the polarity layer reads its sums around a target as features.
 */
export type StarWords = ReadonlyMap<string, number>;

/** A word this many tokens after a negator in the same clause counts with its sign turned ("not great"). */
const NEGATION_REACH = 3;
/** Buckets of a star sum: the feature names say on which side of these it fell. */
const BUCKETS = [-1.5, -0.5, 0.5, 1.5] as const;

/** Each token's star score (0 for a word the table lacks), turned by a negator just before it in the same clause. */
export function starScores(s: Pick<ScoredSentence, 'tokens' | 'role' | 'clause'>, words: StarWords): number[] {
  return s.tokens.map((t, k) => {
    const score = words.get(t.norm) ?? 0;
    if (score === 0) return 0;
    for (let d = 1; d <= NEGATION_REACH && k - d >= 0 && s.clause[k - d] === s.clause[k]; d++) if (s.role[k - d] === 'negator') return -score;
    return score;
  });
}

/** The star-word sum of tokens `[from, to)` of a sentence (see starScores). */
export function starSum(s: Pick<ScoredSentence, 'tokens' | 'role' | 'clause'>, from: number, to: number, words: StarWords): number {
  return starScores(s, words)
    .slice(from, to)
    .reduce((a, b) => a + b, 0);
}

/** The bucket of a star sum, as a feature name part ("<-1.5", "-0.5..0.5", ">1.5"…). */
export function starBucket(sum: number): string {
  const i = BUCKETS.findIndex((b) => sum < b);
  if (i === 0) return `<${BUCKETS[0]}`;
  if (i === -1) return `>${BUCKETS[BUCKETS.length - 1]}`;
  return `${BUCKETS[i - 1]}..${BUCKETS[i]}`;
}
