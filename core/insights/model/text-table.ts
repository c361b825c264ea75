import type { ScoredSentence } from '../scored-sentence.ts';
import { COUNTED_PUNCTUATION } from '../lexicon/text-marks.ts';
import { AFTER_PUNCTUATION, featureWord, prefixOf, SENTENCE_START } from './sentence-features.ts';

/** One layer's weights of the word-level features: a row of `width` weights per feature, one array for all. */
interface LayerRows {
  weights: Float64Array;
  width: number;
  /** Per entry (see TextTable), its row, or -1 when this layer has no such feature. */
  row: Int32Array;
}

/**
 * The word features of both layers (see `textFeatures`) indexed by word, so a sentence's tokens are
 * scored for both layers in one pass without building a string per feature: unigrams and prefixes
 * by word, bigrams by word pair. Each feature is an entry number, its weights rows of flat arrays (a
 * hot loop: objects and small arrays per feature cost three times as much). Same sums as feeding
 * `textFeatures` to the flat tables, in the same order (a unit test checks it), a fraction of the time.
 */
export interface TextTable {
  unigram: Map<string, number>;
  prefix: Map<string, number>;
  bigram: Map<string, Map<string, number>>;
  category: LayerRows | null;
  polarity: LayerRows | null;
  /** Per token form seen: its feature word and the entries it hits, so a token costs two lookups. */
  words: Map<string, WordInfo>;
}

/** No entry. */
const NONE = -1;

interface WordInfo {
  word: string;
  unigram: number;
  prefix: number;
  /** Bigrams that start with this word, by second word. */
  next: Map<string, number> | undefined;
}

/** Distinct token forms remembered per model (typos make the vocabulary of 100k reviews open-ended). */
const MAX_WORDS = 200_000;

/** Builds the word index from the flat tables (feature name → weights) of the two layers. */
export function textTable(layers: { category?: Map<string, number[]>; polarity?: Map<string, number[]> }): TextTable {
  const t: TextTable = { unigram: new Map(), prefix: new Map(), bigram: new Map(), category: null, polarity: null, words: new Map() };
  let entries = 0;
  const entry = (map: Map<string, number>, key: string) => map.get(key) ?? map.set(key, entries++).get(key)!;
  const named: [layer: 'category' | 'polarity', entry: number, weights: number[]][] = [];
  for (const layer of ['category', 'polarity'] as const) {
    for (const [name, w] of layers[layer] ?? []) {
      if (name.startsWith('u:')) named.push([layer, entry(t.unigram, name.slice(2)), w]);
      else if (name.startsWith('p:')) named.push([layer, entry(t.prefix, name.slice(2)), w]);
      else if (name.startsWith('b:')) {
        const cut = name.indexOf('_', 3); // the first word is never empty, so "_" at 2 is not the separator
        const first = name.slice(2, cut);
        const inner = t.bigram.get(first) ?? t.bigram.set(first, new Map()).get(first)!;
        named.push([layer, entry(inner, name.slice(cut + 1)), w]);
      }
    }
  }
  for (const layer of ['category', 'polarity'] as const) {
    const rows = named.filter(([l]) => l === layer);
    if (rows.length === 0) continue;
    const width = rows[0]![2].length;
    const out: LayerRows = { weights: new Float64Array(rows.length * width), width, row: new Int32Array(entries).fill(NONE) };
    rows.forEach(([, e, w], r) => {
      out.row[e] = r;
      out.weights.set(w, r * width);
    });
    t[layer] = out;
  }
  return t;
}

/** True for the features the word index holds (the rest are looked up by name). */
export const isTextFeature = (name: string): boolean => name.startsWith('u:') || name.startsWith('p:') || name.startsWith('b:');

function addRow(scores: number[] | null, rows: LayerRows | null, e: number): void {
  if (!scores || !rows) return;
  const r = rows.row[e]!;
  if (r === NONE) return;
  const { weights, width } = rows;
  for (let i = 0, at = r * width; i < width; i++, at++) scores[i]! += weights[at]!;
}

function addEntry(t: TextTable, category: number[] | null, polarity: number[] | null, e: number | undefined): void {
  if (e === undefined || e === NONE) return;
  addRow(category, t.category, e);
  addRow(polarity, t.polarity, e);
}

function info(t: TextTable, norm: string): WordInfo {
  const hit = t.words.get(norm);
  if (hit) return hit;
  const word = featureWord(norm);
  const prefix = prefixOf(word);
  const out: WordInfo = {
    word,
    unigram: t.unigram.get(word) ?? NONE,
    prefix: prefix === null ? NONE : (t.prefix.get(prefix) ?? NONE),
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
      if (COUNTED_PUNCTUATION.has(tok.norm)) addEntry(t, category, polarity, t.unigram.get(tok.norm));
      next = t.bigram.get(AFTER_PUNCTUATION);
      continue;
    }
    const w = info(t, tok.norm);
    addEntry(t, category, polarity, w.unigram);
    if (next) addEntry(t, category, polarity, next.get(w.word));
    addEntry(t, category, polarity, w.prefix);
    next = w.next;
  }
}
