import { TOPIC_STOPWORDS } from '../lexicon/topic-stopwords.ts';
import { COMPANY_SUBJECTS } from '../lexicon/word-classes.ts';
import { CUSTOMER } from '../lexicon/context-words.ts';
import { isNegator, type ScoredSentence } from '../scored-sentence.ts';

/** Look-ups around a token that the context rules share; all stay inside the token's clause. */
export interface ClauseWindow {
  s: ScoredSentence;
  /** Index of the first token from `i + from` to `i + to` (same clause, not `i`) whose word is in `words`, or -1. */
  nearest(i: number, from: number, to: number, words: ReadonlySet<string>): number;
  near(i: number, from: number, to: number, words: ReadonlySet<string>): boolean;
  /** A negator within the three words before token `k`. */
  negatedAt(k: number): boolean;
  /**
   * Whether the verb at `i` is the company's doing: the nearest of the three words before it is a
   * company word ("they", "the crew") or a capitalised name; "I"/"we" make it the customer's.
   */
  byCompany(i: number): boolean;
}

/** The look-ups of ClauseWindow over one scored sentence. */
export function clauseWindow(s: ScoredSentence): ClauseWindow {
  const { tokens, clause } = s;
  const nearest = (i: number, from: number, to: number, words: ReadonlySet<string>): number => {
    for (let k = Math.max(0, i + from); k <= Math.min(tokens.length - 1, i + to); k++) {
      if (k !== i && clause[k] === clause[i] && words.has(tokens[k]!.norm)) return k;
    }
    return -1;
  };
  return {
    s,
    nearest,
    near: (i, from, to, words) => nearest(i, from, to, words) >= 0,
    negatedAt: (k) => [1, 2, 3].some((d) => k - d >= 0 && clause[k - d] === clause[k] && isNegator(tokens[k - d]!.norm)),
    byCompany: (i) => {
      for (let k = i - 1; k >= Math.max(0, i - 3) && clause[k] === clause[i]; k--) {
        const t = tokens[k]!;
        if (CUSTOMER.has(t.norm)) return false;
        if (COMPANY_SUBJECTS.has(t.norm) || (t.capital && (k > 0 || !TOPIC_STOPWORDS.has(t.norm)))) return true;
      }
      return false;
    },
  };
}
