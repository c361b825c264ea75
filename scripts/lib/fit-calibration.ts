/**
 * Fitting the calibration of the learned layers on writer-held-out predictions: Platt scaling for the
 * category layer (two parameters, Newton's method on the log-loss) and temperature scaling for the
 * polarity layer (one parameter, golden-section search). Deterministic: no sampling, fixed iterations.
 */
import { logit, type Calibration } from '../../core/insights/model/calibration.ts';

/** Newton steps for Platt scaling (it converges in a handful). */
const NEWTON_STEPS = 50;
/** Golden-section steps over log-temperature in [log 1/5, log 5]. */
const GOLDEN_STEPS = 80;
const TEMPERATURE_RANGE = [Math.log(0.2), Math.log(5)] as const;

/**
 * A small logistic regression by Newton's method (rows of `xs` hold the features, the intercept is
 * added): the weights, intercept first. A whisker of L2 keeps separable data finite.
 */
export function fitLogistic(xs: readonly (readonly number[])[], outcome: readonly boolean[], l2 = 1e-4): number[] {
  const d = (xs[0]?.length ?? 0) + 1;
  const w = new Array<number>(d).fill(0);
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const g = new Array<number>(d).fill(0);
    const h = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    xs.forEach((row, i) => {
      const x = [1, ...row];
      const p = 1 / (1 + Math.exp(-x.reduce((acc, v, k) => acc + v * w[k]!, 0)));
      const r = p - (outcome[i] ? 1 : 0);
      const v = Math.max(1e-9, p * (1 - p));
      for (let a = 0; a < d; a++) {
        g[a]! += r * x[a]!;
        for (let b = 0; b < d; b++) h[a]![b]! += v * x[a]! * x[b]!;
      }
    });
    for (let a = 1; a < d; a++) {
      g[a]! += l2 * xs.length * w[a]!;
      h[a]![a]! += l2 * xs.length;
    }
    const delta = solve(h, g);
    if (!delta) break;
    for (let a = 0; a < d; a++) w[a]! -= delta[a]!;
  }
  return w.map(round6);
}

/** Solves h·x = g by Gaussian elimination with partial pivoting (null when singular). */
function solve(h: number[][], g: number[]): number[] | null {
  const n = g.length;
  const m = h.map((row, i) => [...row, g[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    if (Math.abs(m[pivot]![c]!) < 1e-12) return null;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** Platt scaling: slope and intercept of a logistic regression of the outcome on the logit of the raw probability. */
export function fitPlatt(raw: readonly number[], outcome: readonly boolean[]): Calibration['mention'] {
  const [intercept, slope] = fitLogistic(
    raw.map((p) => [logit(p)]),
    outcome,
  );
  return { slope: slope!, intercept: intercept! };
}

/** Temperature that minimises the negative log-likelihood of the gold classes under softmax(log p / T). */
export function fitTemperature(raw: readonly (readonly number[])[], gold: readonly number[]): number {
  const nll = (logT: number) => {
    const t = Math.exp(logT);
    let sum = 0;
    raw.forEach((p, i) => {
      const z = p.map((x) => Math.log(Math.max(1e-6, x)) / t);
      const max = Math.max(...z);
      const lse = max + Math.log(z.reduce((acc, x) => acc + Math.exp(x - max), 0));
      sum += lse - z[gold[i]!]!;
    });
    return sum;
  };
  let [lo, hi] = TEMPERATURE_RANGE as unknown as [number, number];
  const phi = (Math.sqrt(5) - 1) / 2;
  for (let step = 0; step < GOLDEN_STEPS; step++) {
    const m1 = hi - phi * (hi - lo);
    const m2 = lo + phi * (hi - lo);
    if (nll(m1) <= nll(m2)) hi = m2;
    else lo = m1;
  }
  return round6(Math.exp((lo + hi) / 2));
}

/** Bins of the expected calibration error. */
const ECE_BINS = 10;

/**
 * Expected calibration error (Guo et al. 2017): the mean gap between confidence and accuracy over ten
 * equal-width confidence bins, weighted by how many predictions fall in each.
 */
export function expectedCalibrationError(confidence: readonly number[], correct: readonly boolean[]): number {
  const n = new Array<number>(ECE_BINS).fill(0);
  const conf = new Array<number>(ECE_BINS).fill(0);
  const acc = new Array<number>(ECE_BINS).fill(0);
  confidence.forEach((c, i) => {
    const b = Math.min(ECE_BINS - 1, Math.floor(c * ECE_BINS));
    n[b]!++;
    conf[b]! += c;
    acc[b]! += correct[i] ? 1 : 0;
  });
  let sum = 0;
  for (let b = 0; b < ECE_BINS; b++) if (n[b]) sum += Math.abs(conf[b]! - acc[b]!);
  return confidence.length ? sum / confidence.length : 0;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6 + 0;
