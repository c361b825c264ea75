import { NEGATORS } from './lexicon/word-classes.ts';
import type { Token } from './tokenize.ts';

// A leaf module: the scored-sentence shape and the negator test, shared by score-sentence.ts and the
// context rules it calls, so that neither has to import the other.

/** How a token takes part in scoring. `part` = covered by a phrase that starts earlier. */
export type TokenRole = 'word' | 'punct' | 'negator' | 'booster' | 'contrast' | 'inert' | 'irony' | 'hedge' | 'part';

/** Per-token sentiment of one sentence, after context, intensifiers and negation are applied. */
export interface ScoredSentence {
  tokens: readonly Token[];
  valence: number[];
  role: TokenRole[];
  /** Booster strength (negative for hedges) of tokens whose role is `booster`. */
  boost: number[];
  /** True where the valence came from a phrase that holds its own negation ("never called back"). */
  immune: boolean[];
  /** True at the first token of a multi-word expression: its valence is fixed, context rules skip it. */
  phrase: boolean[];
  /** Clause index of each token; clauses are split at punctuation and contrast markers. */
  clause: number[];
  /** For each clause index: true when it begins at a contrast marker ("…, but the cleanup…"). */
  afterContrast: boolean[];
  /**
   * For each clause index: true when a contrast clause has no subject of its own and so continues
   * the previous one ("the dim sum is ok but doesn't taste fresh", "…but it was cold").
   */
  continues: boolean[];
  /** Number of exclamation marks: emphasis for whatever the sentence says. */
  exclamations: number;
  /** Opinion lent to a question by the short answer after it ("Did they clean up? Not really."). */
  answer: number;
}

/** True for negators, including any "n't" contraction. */
export function isNegator(norm: string): boolean {
  return NEGATORS.has(norm) || norm.endsWith("n't");
}
