import { compareReviews } from '../model/compare-reviews.ts';
import type { Review } from '../schemas/review-schema.ts';
import { foldName, foldText } from './fold-text.ts';
import { serviceKey, technicianKeys } from './match-mentions.ts';
import type { CreateSearchEngine, SearchEngine, SearchResult } from './search-engine.ts';
import type { SearchQuery } from './search-query-schema.ts';
import { EMPTY_LIST, PostingsBuilder, firstNotNewerThan, firstOlderThan, lowerBound } from './sorted-lists.ts';
import { TextIndex } from './internal/text-index.ts';

/**
 * Builds the indexed search engine. Semantics are exactly those of searchReviewsNaive (the property
 * test checks it); the index only decides which documents are looked at:
 * - reviews sorted newest first (ties by id), so `since`/`until` are a position range found by
 *   binary search and the first matches found are the page to return;
 * - technician keys and service ids → ascending position lists; the shortest list drives the scan;
 * - review text → a word and word-pair index (internal/text-index.ts) that narrows `query` to candidates,
 *   checked with `includes` on the folded text unless the index is exact for that query.
 */
export const createSearchEngine: CreateSearchEngine = (reviews, business) => {
  const sorted: Review[] = [...reviews].sort(compareReviews);
  const dates = sorted.map((r) => r.date);
  const ratings = Uint8Array.from(sorted, (r) => r.rating);
  const texts = sorted.map((r) => foldText(r.text));
  const textIndex = new TextIndex(texts);

  const technicians = new PostingsBuilder();
  const services = new PostingsBuilder();
  const keysCache = new Map<string, string[]>();
  sorted.forEach((r, i) => {
    for (const t of r.technicians) {
      const cacheKey = `${t.id}\0${t.name}`;
      let keys = keysCache.get(cacheKey);
      if (!keys) keysCache.set(cacheKey, (keys = technicianKeys(t, business.technicians)));
      for (const key of keys) technicians.add(key, i);
    }
    for (const s of r.services) services.add(serviceKey(s.id), i);
  });
  const byTechnician = technicians.build();
  const byService = services.build();

  // Candidate marks, reused: searches run synchronously one at a time, and a 100k-byte allocation
  // per query would keep the garbage collector busy under load.
  const scratch = new Uint8Array(sorted.length);

  function search(query: SearchQuery, offset = 0): SearchResult {
    const lo = query.until === undefined ? 0 : firstNotNewerThan(dates, query.until);
    const hi = query.since === undefined ? sorted.length : firstOlderThan(dates, query.since);
    const ratingOk = ratingTable(query);

    const lists: Uint32Array[] = [];
    if (query.mentions_technician !== undefined) lists.push(byTechnician.get(foldName(query.mentions_technician)) ?? EMPTY_LIST);
    if (query.mentions_service !== undefined) lists.push(byService.get(serviceKey(query.mentions_service)) ?? EMPTY_LIST);
    lists.sort((a, b) => a.length - b.length);
    const driver = lists[0];

    // Text: apply the constraints in order (mark[d] === their count ⇔ candidate), unless a short
    // driver list makes checking its entries with `includes` cheaper than marking.
    const needle = query.query === undefined ? undefined : foldText(query.query);
    let mark: Uint8Array | undefined;
    let markLevel = 0;
    let verify = needle !== undefined;
    if (needle !== undefined) {
      const plan = textIndex.plan(needle);
      const cost = plan.constraints.reduce((sum, c) => sum + c.cost, 0);
      if (plan.constraints.length > 0 && !(driver && driver.length * 4 < cost)) {
        mark = scratch.fill(0);
        plan.constraints.forEach((c, k) => c.apply(scratch, k));
        markLevel = plan.constraints.length;
        verify = !plan.exact;
      }
    }

    const page: Review[] = [];
    const end = offset + query.limit;
    let total = 0;
    const cursors = new Uint32Array(lists.length);
    for (let k = 1; k < lists.length; k++) cursors[k] = lowerBound(lists[k]!, lo);

    const consider = (i: number): void => {
      if (ratingOk[ratings[i]!] === 0) return;
      if (mark !== undefined && mark[i] !== markLevel) return;
      for (let k = 1; k < lists.length; k++) {
        const list = lists[k]!;
        let c = cursors[k]!;
        while (c < list.length && list[c]! < i) c++;
        cursors[k] = c;
        if (list[c] !== i) return;
      }
      if (verify && !texts[i]!.includes(needle!)) return;
      if (total >= offset && total < end) page.push(sorted[i]!);
      total++;
    };

    if (driver) {
      for (let k = lowerBound(driver, lo); k < driver.length && driver[k]! < hi; k++) consider(driver[k]!);
    } else {
      for (let i = lo; i < hi; i++) consider(i);
    }
    return { reviews: page, total };
  }

  const engine: SearchEngine = { search };
  return engine;
};

/** ratingTable(q)[stars] is 1 when a review with that many stars passes `rating` and `min_rating`. */
function ratingTable(query: SearchQuery): Uint8Array {
  const table = new Uint8Array(6);
  for (let stars = 1; stars <= 5; stars++) {
    const ok = (query.rating === undefined || stars === query.rating) && (query.min_rating === undefined || stars >= query.min_rating);
    table[stars] = ok ? 1 : 0;
  }
  return table;
}
