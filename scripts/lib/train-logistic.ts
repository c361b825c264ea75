/**
 * Logistic regression for the insights model, in plain TypeScript: one weight vector per output,
 * either a softmax over classes (polarity) or independent sigmoids (one-vs-rest aspects). Full-batch
 * AdaGrad with L2 — no sampling, a fixed iteration order and count — so the same data gives the same
 * weights bit for bit, and rounding them on export gives the same file byte for byte.
 */

/** One example: sparse feature indices and values, and the target of each output (0/1). */
export interface SparseExample {
  idx: Int32Array;
  val: Float64Array;
  y: Float64Array;
  /** Weight of the example in the loss. */
  weight: number;
  /** Fixed scores added to each output (a model stacked on another's scores); absent: none. */
  offset?: Float64Array;
}

export interface TrainOptions {
  mode: 'softmax' | 'ovr';
  outputs: number;
  features: number;
  l2: number;
  /** Per-feature L2 strength (index = feature), overriding `l2` (group-wise regularisation). */
  l2Of?: Float64Array;
  iterations: number;
  rate: number;
  /** Whether the biases are learned (default); false keeps them at 0. */
  fitBias?: boolean;
}

export interface Trained {
  bias: Float64Array;
  /** weights[f * outputs + k] */
  weights: Float64Array;
}

/** Features seen in at least `minCount` examples, sorted, as the vocabulary. */
export function vocabulary(maps: readonly Map<string, number>[], minCount: number): string[] {
  const df = new Map<string, number>();
  for (const m of maps) for (const k of m.keys()) df.set(k, (df.get(k) ?? 0) + 1);
  return [...df]
    .filter(([, n]) => n >= minCount)
    .map(([k]) => k)
    .sort();
}

/** A feature map as a sparse example over `vocab` (unknown features dropped). */
export function toSparse(m: Map<string, number>, index: Map<string, number>, y: number[], weight = 1): SparseExample {
  const pairs = [...m].flatMap(([k, v]) => (index.has(k) ? [[index.get(k)!, v] as const] : [])).sort((a, b) => a[0] - b[0]);
  return { idx: Int32Array.from(pairs, (p) => p[0]), val: Float64Array.from(pairs, (p) => p[1]), y: Float64Array.from(y), weight };
}

/** Trains by full-batch AdaGrad on the mean log-loss plus L2 (not on the biases). */
export function train(examples: readonly SparseExample[], o: TrainOptions): Trained {
  const K = o.outputs;
  const w = new Float64Array(o.features * K);
  const b = new Float64Array(K);
  const gw = new Float64Array(w.length);
  const gb = new Float64Array(K);
  const hw = new Float64Array(w.length);
  const hb = new Float64Array(K);
  const z = new Float64Array(K);
  const n = examples.length || 1;
  for (let it = 0; it < o.iterations; it++) {
    gw.fill(0);
    gb.fill(0);
    for (const ex of examples) {
      for (let k = 0; k < K; k++) z[k] = b[k]! + (ex.offset ? ex.offset[k]! : 0);
      for (let j = 0; j < ex.idx.length; j++) {
        const base = ex.idx[j]! * K;
        const v = ex.val[j]!;
        for (let k = 0; k < K; k++) z[k]! += w[base + k]! * v;
      }
      if (o.mode === 'softmax') {
        let max = -Infinity;
        for (let k = 0; k < K; k++) max = Math.max(max, z[k]!);
        let sum = 0;
        for (let k = 0; k < K; k++) sum += z[k] = Math.exp(z[k]! - max);
        for (let k = 0; k < K; k++) z[k]! /= sum;
      } else for (let k = 0; k < K; k++) z[k] = 1 / (1 + Math.exp(-z[k]!));
      for (let k = 0; k < K; k++) z[k] = (z[k]! - ex.y[k]!) * ex.weight;
      for (let k = 0; k < K; k++) gb[k]! += z[k]!;
      for (let j = 0; j < ex.idx.length; j++) {
        const base = ex.idx[j]! * K;
        const v = ex.val[j]!;
        for (let k = 0; k < K; k++) gw[base + k]! += z[k]! * v;
      }
    }
    for (let i = 0; i < w.length; i++) {
      const g = gw[i]! / n + (o.l2Of ? o.l2Of[Math.floor(i / K)]! : o.l2) * w[i]!;
      if (g === 0) continue;
      hw[i]! += g * g;
      w[i]! -= (o.rate * g) / Math.sqrt(hw[i]!);
    }
    for (let k = 0; k < K && o.fitBias !== false; k++) {
      const g = gb[k]! / n;
      hb[k]! += g * g;
      if (hb[k]! > 0) b[k]! -= (o.rate * g) / Math.sqrt(hb[k]!);
    }
  }
  return { bias: b, weights: w };
}

/** Rounds to 4 decimals (the precision of the shipped file); -0 becomes 0. */
export const round4 = (x: number): number => Math.round(x * 1e4) / 1e4 + 0;

/** The weight table of the shipped file: feature → rounded weights, all-zero rows left out, keys sorted. */
export function exportTable(vocab: readonly string[], t: Trained, outputs: number): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  vocab.forEach((f, i) => {
    const row = Array.from(t.weights.subarray(i * outputs, (i + 1) * outputs), round4);
    if (row.some((x) => x !== 0)) out[f] = row;
  });
  return out;
}
