/**
 * The `k` best of `candidates` by score (higher first), ties by position (lower first: reviews are
 * sorted newest first). A bounded min-heap: O(n log k) without sorting every candidate.
 */
export function topK(candidates: Uint32Array, n: number, scores: Float64Array, k: number): number[] {
  const heap: number[] = [];
  // "a is worse than b": lower score, or equal score and later position.
  const worse = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let j = 0; j < n; j++) {
    const doc = candidates[j]!;
    if (heap.length < k) {
      heap.push(doc);
      for (let i = heap.length - 1; i > 0; ) {
        const p = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[p]!)) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    } else if (k > 0 && worse(heap[0]!, doc)) {
      heap[0] = doc;
      down(0);
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
}
