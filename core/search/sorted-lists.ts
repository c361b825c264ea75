/** Helpers over ascending Uint32Array posting lists and descending date arrays (pure, allocation-light). */

export const EMPTY_LIST = new Uint32Array(0);

/** First index k with list[k] >= value (binary search). */
export function lowerBound(list: Uint32Array, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index k with dates[k] < bound, for `dates` sorted newest first (descending). */
export function firstOlderThan(dates: readonly string[], bound: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid]! >= bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index k with dates[k] <= bound, for `dates` sorted newest first (descending). */
export function firstNotNewerThan(dates: readonly string[], bound: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid]! > bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Collects ascending, de-duplicated document positions per key, then freezes them into typed arrays. */
export class PostingsBuilder {
  #lists = new Map<string, number[]>();

  add(key: string, position: number): void {
    let list = this.#lists.get(key);
    if (!list) this.#lists.set(key, (list = []));
    if (list[list.length - 1] !== position) list.push(position);
  }

  build(): Map<string, Uint32Array> {
    const out = new Map<string, Uint32Array>();
    for (const [key, list] of this.#lists) out.set(key, Uint32Array.from(list));
    return out;
  }
}
