import { lexicon as vader } from 'vader-sentiment/src/vader_lexicon.js';
import { buildPhraseTrie, type PhraseTrie } from './internal/phrase-trie.ts';
import { REVIEW_WORDS, WORD_OVERRIDES } from './lexicon/general-words.ts';
import { PHRASES, type PhraseValue } from './lexicon/phrases.ts';

/**
 * Word valences: VADER's lexicon (words only, no emoticons) overlaid with the hand-written review
 * vocabulary. VADER is Apache-2.0 (JS port) / MIT (original), so it may ship with the product.
 */
const WORDS: ReadonlyMap<string, number> = (() => {
  const m = new Map<string, number>();
  for (const [w, v] of Object.entries(vader)) if (/^[a-z][a-z'-]*$/.test(w)) m.set(w, v);
  for (const [w, v] of Object.entries({ ...REVIEW_WORDS, ...WORD_OVERRIDES })) m.set(w, v);
  return m;
})();

/** Multi-word expressions with a valence or a role (see lexicon/phrases.ts). */
export const SENTIMENT_PHRASES: PhraseTrie<PhraseValue> = buildPhraseTrie(Object.entries(PHRASES));

/** Valence of one lower-case word on VADER's −4…+4 scale; 0 when the word carries no opinion. */
export function wordValence(norm: string): number {
  return WORDS.get(norm) ?? 0;
}
