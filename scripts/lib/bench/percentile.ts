/**
 * The `p`th percentile (0–100) of samples sorted ascending: the nearest-rank value, NaN when there are
 * none. Every bench reports its latencies with this one definition, so their p99s compare.
 */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** p50 and p99 of unsorted samples (ms), with two decimals: the latency columns of a bench table. */
export function latencySummary(samples: readonly number[]): { p50: string; p99: string } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50).toFixed(2), p99: percentile(sorted, 99).toFixed(2) };
}
