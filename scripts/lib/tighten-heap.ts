import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets the heap grow past what survived the last full collection, in percent, once a build has read many
 * reviews afresh. By default V8 lets a large heap grow by a factor it picks from the collector's speed (often 2 or
 * more): a cold 100k-review build collected its heap at ~470 MB used (~580 MB committed) when ~140 MB of it was live,
 * and the pages it grew into stay resident for the rest of the build (Astro's heap reuses them) — the largest part
 * of the build's peak. At 25% from the end of the reading on: cold peak 1,028–1,065 → 966–983 MiB, CPU and time
 * within the noise (three pairs of single builds). Set before the reading instead, it made the analysis workers'
 * heaps churn: +6 s of CPU and +3.5–5 s of a cold build. A rebuild that reads few reviews afresh is left as it is:
 * there it cost 0.4–1.7 s of a ~12 s +1 build, and its peak is lower anyway (docs/site.md, "Where the cold peak
 * comes from").
 */
export const TIGHT_HEAP_GROWING_PERCENT = 25;

let tightened = false;

/**
 * Sets TIGHT_HEAP_GROWING_PERCENT for the rest of this process, every thread (V8's flags are the process's), once;
 * not when the process was started with a `--heap-growing-percent` of its own. Returns whether it set it now.
 * `set` is V8's (tests pass their own).
 */
export function tightenHeap(execArgv: readonly string[] = process.execArgv, set: (flags: string) => void = setFlagsFromString): boolean {
  if (tightened || execArgv.some((a) => a.startsWith('--heap-growing-percent') || a.startsWith('--heap_growing_percent'))) return false;
  tightened = true;
  set(`--heap-growing-percent=${TIGHT_HEAP_GROWING_PERCENT}`);
  return true;
}
