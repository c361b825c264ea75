/**
 * The first `k` of `items` in `compare`'s order, as `[...items].sort(compare).slice(0, k)` gives them (equal
 * items keep their order), without sorting them all: the insights cite and quote a handful of reviews out of
 * up to 100,000, and a full sort per question cost more than the rest of the question.
 *
 * With `same`, items it calls the same (two quotes from one review) count once: the first of them in that
 * order is kept — what walking the sorted items and skipping any already taken gives.
 */
export function firstK<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number, same?: (a: T, b: T) => boolean): T[] {
  const kept: T[] = [];
  if (k <= 0) return kept;
  for (const item of items) {
    if (kept.length === k && compare(item, kept[k - 1]!) >= 0) continue;
    if (same) {
      // One of a kind: a better (or earlier equal) one stays; a worse one makes way. One evicted earlier had k before it.
      const twin = kept.findIndex((x) => same(x, item));
      if (twin >= 0) {
        if (compare(item, kept[twin]!) >= 0) continue;
        kept.splice(twin, 1);
      }
    }
    // After every kept item that is not after this one (equal items keep their order).
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(item, kept[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    kept.splice(lo, 0, item);
    if (kept.length > k) kept.pop();
  }
  return kept;
}
