/** Bisection steps: 2^-60 is far below any precision we print. */
const STEPS = 60;

/** log P(X ≤ k) for X ~ Binomial(n, p), summed in log space so large n does not underflow. */
function logCdf(k: number, n: number, p: number): number {
  if (k >= n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return -Infinity;
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  let term = n * lq; // log P(X = 0)
  let acc = term;
  for (let i = 0; i < k; i++) {
    term += Math.log((n - i) / (i + 1)) + lp - lq;
    acc = Math.max(acc, term) + Math.log1p(Math.exp(-Math.abs(acc - term)));
  }
  return acc;
}

/**
 * One-sided Clopper–Pearson upper bound on a binomial proportion: the largest p for which seeing at most
 * `k` successes in `n` trials still has probability `alpha` (e.g. k errors among n quotes, alpha 0.05:
 * the error rate is below the bound with 95% confidence).
 */
export function clopperPearsonUpper(k: number, n: number, alpha: number): number {
  if (n === 0 || k >= n) return 1;
  let lo = k / n;
  let hi = 1;
  const target = Math.log(alpha);
  for (let i = 0; i < STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (logCdf(k, n, mid) > target) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** One-sided Clopper–Pearson lower bound: `1 − upper(n − k)` (the precision of k right among n is at least this). */
export function clopperPearsonLower(k: number, n: number, alpha: number): number {
  return n === 0 ? 0 : 1 - clopperPearsonUpper(n - k, n, alpha);
}
