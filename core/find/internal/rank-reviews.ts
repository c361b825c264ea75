import type { Review } from '../../schemas/review-schema.ts';
import type { FindEngine, FindHit, FindResult } from '../create-find-engine.ts';
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
    const add = (doc: number, amount: number, stamp: number) => {
      if (epochOf[doc] !== epoch) {
        epochOf[doc] = epoch;
        scores[doc] = 0;
        counts[doc] = 0;
        touched[live++] = doc;
      }
      if (wordOf[doc] !== stamp) {
        wordOf[doc] = stamp;
        counts[doc] = counts[doc]! + 1;
      }
      scores[doc] = scores[doc]! + amount;
    };
    words.forEach((word, position) => {
      const stamp = ++wordStamp;
      const expansion = expander.expand(word, position, words.length);
      for (const { term, weight } of expansion.terms) {
        const list = postings.get(term);
        if (!list) continue;
        highlightTerms.add(term);
        const { docs, impacts } = list;
        for (let j = 0; j < docs.length; j++) add(docs[j]!, weight * impacts[j]!, stamp);
      }
      for (const { kind, id, weight } of expansion.entities) {
        const key = `${kind}:${id}`;
        const docs = entities.get(key);
        if (!docs) continue;
        const amount = weight * FIND_OPTIONS.entityBoost[kind] * entityImpact.get(key)!;
        for (let j = 0; j < docs.length; j++) add(docs[j]!, amount, stamp);
      }
    });
    let total = 0;
    for (let j = 0; j < live; j++) if (counts[touched[j]!] === words.length) candidates[total++] = touched[j]!;
    const matchedAll = total > 0 || live === 0;
    if (!matchedAll) {
      // No review has every word: rank those with some, scaled by the share of words they have.
      for (let j = 0; j < live; j++) {
        const doc = touched[j]!;
        scores[doc] = (scores[doc]! * counts[doc]!) / words.length;
      }
      candidates.set(touched.subarray(0, live));
      total = live;
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
