/**
 * Per-term posting lists of the reviews (ascending positions) with BM25+ impacts precomputed, so a
 * query adds floats into an array instead of scoring documents one object at a time.
 */
export interface Postings {
  docs: Uint32Array;
  impacts: Float32Array;
}

/** Collects (term, doc, term frequency) while the texts are read, then computes the impacts once. */
export class PostingsBuilder {
  readonly #docs = new Map<string, number[]>();
  readonly #freqs = new Map<string, number[]>();
  readonly #lengths: number[] = [];

  /** Adds one review's terms (with field weights already applied as repetitions or a multiplier). */
  add(doc: number, termFreqs: ReadonlyMap<string, number>, length: number): void {
    this.#lengths[doc] = length;
    for (const [term, freq] of termFreqs) {
      let docs = this.#docs.get(term);
      if (!docs) {
        this.#docs.set(term, (docs = []));
        this.#freqs.set(term, []);
      }
      docs.push(doc);
      this.#freqs.get(term)!.push(freq);
    }
  }

  vocabulary(): IterableIterator<string> {
    return this.#docs.keys();
  }

  /** BM25+ (Lv & Zhai 2011, minisearch's scoring): idf · (d + tf·(k+1) / (tf + k·(1 − b + b·len/avgLen))). */
  build(count: number, bm25: { k: number; b: number; d: number }): Map<string, Postings> {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += this.#lengths[i] ?? 0;
    const avg = count > 0 && sum > 0 ? sum / count : 1;
    const out = new Map<string, Postings>();
    for (const [term, docs] of this.#docs) {
      const freqs = this.#freqs.get(term)!;
      const idf = Math.log(1 + (count - docs.length + 0.5) / (docs.length + 0.5));
      const impacts = new Float32Array(docs.length);
      for (let j = 0; j < docs.length; j++) {
        const tf = freqs[j]!;
        const norm = 1 - bm25.b + (bm25.b * (this.#lengths[docs[j]!] ?? 0)) / avg;
        impacts[j] = idf * (bm25.d + (tf * (bm25.k + 1)) / (tf + bm25.k * norm));
      }
      out.set(term, { docs: Uint32Array.from(docs), impacts });
    }
    this.#docs.clear();
    this.#freqs.clear();
    return out;
  }
}
