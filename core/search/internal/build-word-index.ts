/** A word: a maximal run of letters and digits. Review text and queries are split the same way. */
export const WORD = /[\p{L}\p{N}]+/gu;
/** Separator ids from here on are not told apart: pairs with them never serve as a constraint. */
export const RARE_SEPARATOR = 0xffff;

/**
 * Flat, typed tables over folded texts (document = position in `texts`):
 *
 * - words: `wordStart[w] … wordStart[w + 1]` in `wordDocs` are the documents containing word w,
 *   ascending;
 * - pairs, distinct (first word, separator, next word) triples grouped by first word:
 *   `pairStart[w] … pairStart[w + 1]` are the pairs starting with w; pair p is followed by word
 *   `pairNext[p]` after separator `pairSep[p]`, and `pairDocStart[p] … pairDocStart[p + 1]` in
 *   `pairDocs` are the documents where it occurs, ascending.
 *
 * Flat arrays keep the index to a few bytes per distinct (word or pair, document), with no
 * per-entry JavaScript objects.
 */
export interface WordIndex {
  words: string[];
  separators: ReadonlyMap<string, number>;
  wordStart: Uint32Array;
  wordDocs: Uint32Array;
  pairStart: Uint32Array;
  pairNext: Uint16Array | Uint32Array;
  pairSep: Uint8Array | Uint16Array;
  pairDocStart: Uint32Array;
  pairDocs: Uint32Array;
}

/**
 * Builds the index in two steps: one tokenizing pass that numbers words, separators and pairs and
 * records each document's word and pair sequence, then a counting pass that lays the postings out
 * in place (no per-list arrays, no sorting: documents arrive in order).
 */
export function buildWordIndex(texts: readonly string[]): WordIndex {
  const wordIds = new Map<string, number>();
  const words: string[] = [];
  const separators = new Map<string, number>();
  const pairIds = new Map<string, number>();
  const pairFirst: number[] = [];
  const pairNextList: number[] = [];
  const pairSepList: number[] = [];
  const wordSeq = new GrowableU32();
  const pairSeq = new GrowableU32();
  const docWordEnd = new Uint32Array(texts.length);
  const docPairEnd = new Uint32Array(texts.length);

  const separatorId = (s: string): number => {
    let id = separators.get(s);
    if (id === undefined) {
      if (separators.size >= RARE_SEPARATOR) return RARE_SEPARATOR;
      separators.set(s, (id = separators.size));
    }
    return id;
  };

  texts.forEach((text, doc) => {
    let previous = -1;
    let previousEnd = 0;
    for (const m of text.matchAll(WORD)) {
      let id = wordIds.get(m[0]);
      if (id === undefined) {
        wordIds.set(m[0], (id = words.length));
        words.push(m[0]);
      }
      wordSeq.push(id);
      if (previous !== -1) {
        const sep = separatorId(text.slice(previousEnd, m.index));
        const key = `${previous},${sep},${id}`;
        let pair = pairIds.get(key);
        if (pair === undefined) {
          pairIds.set(key, (pair = pairFirst.length));
          pairFirst.push(previous);
          pairSepList.push(sep);
          pairNextList.push(id);
        }
        pairSeq.push(pair);
      }
      previous = id;
      previousEnd = m.index + m[0].length;
    }
    docWordEnd[doc] = wordSeq.length;
    docPairEnd[doc] = pairSeq.length;
  });

  const { start: wordStart, docs: wordDocs } = postingsOf(words.length, wordSeq, docWordEnd);

  // Pairs renumbered so that those with the same first word are consecutive.
  const pairCount = pairFirst.length;
  const pairStart = offsets(words.length, (count) => pairFirst.forEach((w) => count[w]!++));
  const rank = new Uint32Array(pairCount);
  const fill = pairStart.slice(0, words.length);
  for (let p = 0; p < pairCount; p++) rank[p] = fill[pairFirst[p]!]!++;
  const pairNext = words.length <= 0x10000 ? new Uint16Array(pairCount) : new Uint32Array(pairCount);
  const pairSep = separators.size < 0x100 ? new Uint8Array(pairCount) : new Uint16Array(pairCount);
  for (let p = 0; p < pairCount; p++) {
    pairNext[rank[p]!] = pairNextList[p]!;
    pairSep[rank[p]!] = pairSepList[p]!;
  }
  for (let i = 0; i < pairSeq.length; i++) pairSeq.set(i, rank[pairSeq.at(i)]!);
  const { start: pairDocStart, docs: pairDocs } = postingsOf(pairCount, pairSeq, docPairEnd);

  return { words, separators, wordStart, wordDocs, pairStart, pairNext, pairSep, pairDocStart, pairDocs };
}

/** Documents per key from per-document key sequences (ends[doc] = end of doc's run in seq), de-duplicated. */
function postingsOf(keys: number, seq: GrowableU32, ends: Uint32Array): { start: Uint32Array; docs: Uint32Array } {
  const lastDoc = new Int32Array(keys).fill(-1);
  const forEachDistinct = (visit: (key: number, doc: number) => void) => {
    lastDoc.fill(-1);
    let from = 0;
    for (let doc = 0; doc < ends.length; doc++) {
      for (let i = from; i < ends[doc]!; i++) {
        const key = seq.at(i);
        if (lastDoc[key] !== doc) {
          lastDoc[key] = doc;
          visit(key, doc);
        }
      }
      from = ends[doc]!;
    }
  };
  const start = offsets(keys, (count) => forEachDistinct((key) => count[key]!++));
  const docs = new Uint32Array(start[keys]!);
  const fill = start.slice(0, keys);
  forEachDistinct((key, doc) => (docs[fill[key]!++] = doc));
  return { start, docs };
}

/** Start offsets from counts filled in by `count`, with the total at the end. */
function offsets(keys: number, count: (counts: Uint32Array) => void): Uint32Array {
  const out = new Uint32Array(keys + 1);
  const counts = out.subarray(1);
  count(counts);
  for (let k = 1; k <= keys; k++) out[k]! += out[k - 1]!;
  return out;
}

/** An append-only Uint32 array that doubles its capacity (build only). */
class GrowableU32 {
  #data = new Uint32Array(4096);
  length = 0;

  push(value: number): void {
    if (this.length === this.#data.length) {
      const bigger = new Uint32Array(this.#data.length * 2);
      bigger.set(this.#data);
      this.#data = bigger;
    }
    this.#data[this.length++] = value;
  }

  at(i: number): number {
    return this.#data[i]!;
  }

  set(i: number, value: number): void {
    this.#data[i] = value;
  }
}
