import { lexicon as vader } from 'vader-sentiment/src/vader_lexicon.js';
import { buildPhraseTrie, type PhraseTrie } from './internal/phrase-trie.ts';
import { NOT_DERIVED, REVIEW_WORDS, WORD_OVERRIDES } from './lexicon/general-words.ts';
import { RULE_WEIGHTS } from './lexicon/rule-weights.ts';
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

const D = RULE_WEIGHTS.derivation;
const derivedCache = new Map<string, number>();

/**
 * Valence of a word that the lexicon lacks but whose base it has: adverbs in -ly ("rudely",
 * "beautifully" → "beautiful") and participles in -ed ("helped" → "help"). Comparatives and
 * superlatives ("flimsier", "nicest") are read by `comparativeValence`, only where the context makes
 * them one. Cached; 0 when nothing is found.
 */
export function derivedValence(norm: string): number {
  if (norm.length < D.minLength || NOT_DERIVED.has(norm) || WORDS.has(norm)) return WORDS.get(norm) ?? 0;
  let v = derivedCache.get(norm);
  if (v !== undefined) return v;
  v = 0;
  if (norm.endsWith('ly')) v = firstKnown(adverbBases(norm.slice(0, -2)));
  else if (norm.endsWith('ed') && norm.length >= D.minParticipleLength) {
    const base = firstKnown(stemBases(norm.slice(0, -2), norm.slice(0, -1)));
    v = Math.abs(base) >= D.participleBase ? D.participleShare * base : 0; // weak bases ("extend") say little as participles
  }
  derivedCache.set(norm, v);
  return v;
}

/** Valence of a comparative or superlative form ("slower", "flimsier", "nicest") from its base. */
export function comparativeValence(norm: string): number {
  const m = /^(.{2,}?)(ier|iest|er|est)$/.exec(norm);
  if (!m || WORDS.has(norm) || NOT_DERIVED.has(norm)) return WORDS.get(norm) ?? 0;
  const [, stem, suffix] = m as unknown as [string, string, string];
  if (suffix === 'ier' || suffix === 'iest') return firstKnown([`${stem}y`]);
  return firstKnown(stemBases(stem, `${stem}e`));
}

/** The adjectives an adverb's stem (the adverb without "ly") may come from, likeliest first. */
export function adverbBases(stem: string): string[] {
  // "happily" → "happy", "horribly" → "horrible", "rudely" → "rude", "carefully" → "careful"
  const out = [stem];
  if (stem.endsWith('i')) out.push(`${stem.slice(0, -1)}y`);
  if (stem.endsWith('b')) out.push(`${stem}le`);
  if (stem.endsWith('al')) out.push(stem.slice(0, -2));
  return out;
}

function stemBases(stem: string, withE: string): string[] {
  // "stopped" → "stop", "worried" → "worry", "cared" → "care", "helped" → "help"
  const out = [stem, withE];
  if (stem.length > 2 && stem.at(-1) === stem.at(-2)) out.push(stem.slice(0, -1));
  if (stem.endsWith('i')) out.push(`${stem.slice(0, -1)}y`);
  return out;
}

function firstKnown(bases: string[]): number {
  for (const b of bases) {
    const v = WORDS.get(b);
    if (v !== undefined && v !== 0) return v;
  }
  return 0;
}
