/** EM stops when the prevalence moves less than this between rounds… */
const TOLERANCE = 1e-6;
/** …or after this many rounds. */
const MAX_ROUNDS = 1000;

/**
 * The SLD / EM prevalence of a binary target (Saerens, Latinne & Decaestecker 2002, Neural Computation
 * 14(1)): calibrated posteriors learned under the training prior are re-weighted towards the prior of
 * the data at hand until the two agree. Returns the share of the `posteriors` that carry the target.
 */
export function sldPrevalence(posteriors: readonly number[], trainingPrior: number): number {
  if (posteriors.length === 0) return 0;
  const base = Math.min(1 - 1e-9, Math.max(1e-9, trainingPrior));
  let prior = base;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const up = prior / base;
    const down = (1 - prior) / (1 - base);
    let sum = 0;
    for (const p of posteriors) {
      const a = up * p;
      sum += a / (a + down * (1 - p));
    }
    const next = sum / posteriors.length;
    if (Math.abs(next - prior) < TOLERANCE) return next;
    prior = Math.min(1 - 1e-9, Math.max(1e-9, next));
  }
  return prior;
}
