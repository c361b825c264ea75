import type { ScoredSentence } from '../scored-sentence.ts';
import { COUNTED_PUNCTUATION } from '../lexicon/text-marks.ts';
import { AFTER_PUNCTUATION, featureWord, prefixOf, SENTENCE_START } from './sentence-features.ts';

/** The weights of one word-level feature in each layer (null: none). One shape for every entry, typed arrays: a hot loop. */
class Pair {
  category: Float64Array | null = null;
  polarity: Float64Array | null = null;
}

/**
 * The word features of both layers (see `textFeatures`) indexed by word, so a sentence's tokens are
 * scored for both layers in one pass without building a string per feature: unigrams and prefixes
 * by word, bigrams by word pair. Same sums as feeding `textFeatures` to the flat tables (a unit
 * test checks it), a fraction of the time.
 */
export interface TextTable {
  unigram: Map<string, Pair>;
  prefix: Map<string, Pair>;
  bigram: Map<string, Map<string, Pair>>;
  /** Per token form seen: its feature word and the entries it hits, so a token costs two lookups. */
  words: Map<string, WordInfo>;
}

interface WordInfo {
  word: string;
  unigram: Pair | undefined;
  prefix: Pair | undefined;
  /** Bigrams that start with this word, by second word. */
  next: Map<string, Pair> | undefined;
}

/** Distinct token forms remembered per model (typos make the vocabulary of 100k reviews open-ended). */
const MAX_WORDS = 200_000;

/** Builds the word index from the flat tables (feature name → weights) of the two layers. */
export function textTable(layers: { category?: Map<string, number[]>; polarity?: Map<string, number[]> }): TextTable {
  const t: TextTable = { unigram: new Map(), prefix: new Map(), bigram: new Map(), words: new Map() };
  const slot = (map: Map<string, Pair>, key: string) => map.get(key) ?? map.set(key, new Pair()).get(key)!;
  for (const layer of ['category', 'polarity'] as const) {
    for (const [name, w] of layers[layer] ?? []) {
      if (name.startsWith('u:')) slot(t.unigram, name.slice(2))[layer] = Float64Array.from(w);
      else if (name.startsWith('p:')) slot(t.prefix, name.slice(2))[layer] = Float64Array.from(w);
      else if (name.startsWith('b:')) {
        const cut = name.indexOf('_', 3); // the first word is never empty, so "_" at 2 is not the separator
        const inner = t.bigram.get(name.slice(2, cut)) ?? t.bigram.set(name.slice(2, cut), new Map()).get(name.slice(2, cut))!;
        slot(inner, name.slice(cut + 1))[layer] = Float64Array.from(w);
      }
    }
  }
  return t;
}

/** True for the features the word index holds (the rest are looked up by name). */
export const isTextFeature = (name: string): boolean => name.startsWith('u:') || name.startsWith('p:') || name.startsWith('b:');

function add(scores: number[] | null, w: Float64Array | null): void {
  if (scores && w) for (let i = 0; i < w.length; i++) scores[i]! += w[i]!;
}

function addPair(category: number[] | null, polarity: number[] | null, p: Pair | undefined): void {
  if (!p) return;
  add(category, p.category);
  add(polarity, p.polarity);
}

function info(t: TextTable, norm: string): WordInfo {
  const hit = t.words.get(norm);
  if (hit) return hit;
  const word = featureWord(norm);
  const prefix = prefixOf(word);
  const out: WordInfo = {
    word,
    unigram: t.unigram.get(word),
    prefix: prefix === null ? undefined : t.prefix.get(prefix),
    next: t.bigram.get(word),
  };
  if (t.words.size < MAX_WORDS) t.words.set(norm, out);
  return out;
}

/** Adds the sentence's word features (`textFeatures`' definitions: unigrams, bigrams, prefixes, counted punctuation) to each layer's scores. */
export function addTextScores(t: TextTable, s: ScoredSentence, category: number[] | null, polarity: number[] | null): void {
  let next = t.bigram.get(SENTENCE_START);
  for (const tok of s.tokens) {
    if (!tok.word) {
      if (COUNTED_PUNCTUATION.has(tok.norm)) addPair(category, polarity, t.unigram.get(tok.norm));
      next = t.bigram.get(AFTER_PUNCTUATION);
      continue;
    }
    const w = info(t, tok.norm);
    addPair(category, polarity, w.unigram);
    if (next) addPair(category, polarity, next.get(w.word));
    addPair(category, polarity, w.prefix);
    next = w.next;
  }
}
