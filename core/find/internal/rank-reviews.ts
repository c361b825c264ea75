import type { Review } from '../../schemas/review-schema.ts';
import type { FindEngine, FindHit, FindResult } from '../find-engine.ts';
import { FIND_OPTIONS } from '../find-options.ts';
import type { FindQuery } from '../find-query-schema.ts';
import type { Highlight } from '../find-response-schema.ts';
import { highlightOffsets, termsOf } from './find-terms.ts';
import type { Postings } from './postings.ts';
import type { TermExpander } from './term-expander.ts';
import { topK } from './top-k.ts';

/** The query side: dense score accumulation over posting lists, then the top `limit`. */
export function createRanker(
  sorted: Review[],
  postings: Map<string, Postings>,
  entities: Map<string, Uint32Array>,
  entityImpact: Map<string, number>,
  expander: TermExpander,
  fold: (word: string) => string,
): FindEngine {
  const n = sorted.length;
  // Scratch reused by every query (queries run synchronously, one at a time): a per-query epoch
  // marks which entries are live, so nothing is cleared between queries.
  const scores = new Float64Array(n);
  const counts = new Uint8Array(n);
  const covered = new Float64Array(n);
  const epochOf = new Uint32Array(n);
  const wordOf = new Uint32Array(n);
  const touched = new Uint32Array(n);
  const candidates = new Uint32Array(n);
  let epoch = 0;
  let wordStamp = 0;

  function find(query: FindQuery): FindResult {
    const words = [...new Set(termsOf(query.q, fold))].slice(0, FIND_OPTIONS.maxQueryTerms);
    if (words.length === 0 || n === 0) return { hits: [], total: 0, matchedAll: true };
    if (wordStamp > 0xffff_fff0 - words.length || epoch > 0xffff_fff0) {
      epochOf.fill(0);
      wordOf.fill(0);
      epoch = wordStamp = 0;
    }
    epoch++;
    let live = 0;
    const highlightTerms = new Set<string>();
    // The reviews each query word matched (through any of its variants), in the order first seen.
    const wordDocs: number[][] = words.map(() => []);
    const add = (doc: number, amount: number, stamp: number, word: number) => {
      if (epochOf[doc] !== epoch) {
        epochOf[doc] = epoch;
        scores[doc] = 0;
        counts[doc] = 0;
        covered[doc] = 0;
        touched[live++] = doc;
      }
      if (wordOf[doc] !== stamp) {
        wordOf[doc] = stamp;
        counts[doc] = counts[doc]! + 1;
        wordDocs[word]!.push(doc);
      }
      scores[doc] = scores[doc]! + amount;
    };
    const addTerm = (term: string, weight: number, stamp: number, word: number) => {
      const list = postings.get(term);
      if (!list) return;
      highlightTerms.add(term);
      const { docs, impacts } = list;
      for (let j = 0; j < docs.length; j++) add(docs[j]!, weight * impacts[j]!, stamp, word);
    };
    words.forEach((word, position) => {
      const stamp = ++wordStamp;
      const expansion = expander.expand(word, position, words.length);
      for (const { term, weight } of expansion.terms) addTerm(term, weight, stamp, position);
      // "clean up" also finds "cleanup": a neighbour pair written as one word counts for both words.
      if (position > 0) addTerm(words[position - 1] + word, 1, stamp, position);
      if (position < words.length - 1) addTerm(word + words[position + 1], 1, stamp, position);
      for (const { kind, id, weight } of expansion.entities) {
        const key = `${kind}:${id}`;
        const docs = entities.get(key);
        if (!docs) continue;
        const amount = weight * FIND_OPTIONS.entityBoost[kind] * entityImpact.get(key)!;
        for (let j = 0; j < docs.length; j++) add(docs[j]!, amount, stamp, position);
      }
    });
    // Each word weighs as much as it is rare (BM25 idf over the reviews it matched); a review counts
    // when the words it has carry at least `minWordShare` of the query's weight: most of the words, the
    // rare ones first. "did they clean up" finds the reviews about cleaning even where "up" is missing,
    // and a common word added to a query never drops a review that had all the other words.
    let weightAll = 0;
    for (const docs of wordDocs) {
      const weight = Math.log(1 + (n - docs.length + 0.5) / (docs.length + 0.5));
      weightAll += weight;
      for (const doc of docs) covered[doc] = covered[doc]! + weight;
    }
    const needed = FIND_OPTIONS.minWordShare * weightAll - 1e-9;
    let total = 0;
    let matchedAll = true;
    for (let j = 0; j < live; j++) {
      const doc = touched[j]!;
      if (covered[doc]! < needed) continue;
      candidates[total++] = doc;
      if (counts[doc] !== words.length) matchedAll = false;
    }
    if (total === 0 && live > 0) {
      // No review has most of the words: rank those with some.
      candidates.set(touched.subarray(0, live));
      total = live;
      matchedAll = false;
    }
    // Ranked by relevance times the share of the query's weight the review covers (how many words, how rare).
    for (let j = 0; j < total; j++) {
      const doc = candidates[j]!;
      scores[doc] = (scores[doc]! * covered[doc]!) / weightAll;
    }
    const hits = topK(candidates, total, scores, query.limit).map((doc) => hitOf(sorted[doc]!, scores[doc]!, highlightTerms));
    return { hits, total, matchedAll };
  }

  return { find };
}

function hitOf(review: Review, score: number, terms: ReadonlySet<string>): FindHit {
  const highlights: Highlight[] = highlightOffsets(review.text, terms).map((o) => ({ field: 'text', ...o }));
  if (review.title !== undefined) highlights.push(...highlightOffsets(review.title, terms).map((o) => ({ field: 'title' as const, ...o })));
  return { review, score: Math.round(score * 1000) / 1000, highlights };
}
