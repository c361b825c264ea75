/**
 * How well the published shares hold up on writers the reader did not learn from (`npm run eval`):
 * businesses are assembled from one held-out writer's labelled sentences — as written (the natural mix)
 * and with an aspect's negative share set from 0 to 60% — and each estimator's negative share is
 * compared with the labels' truth. Rates always come from other writers than the one measured.
 */
import type { BinaryRates } from '../../core/insights/quantify/binary-rates.ts';
import { paccCount } from '../../core/insights/quantify/pacc-count.ts';
import { ratioPacc } from '../../core/insights/quantify/ratio-pacc.ts';
import { sldPrevalence } from '../../core/insights/quantify/sld-prevalence.ts';
import type { Random } from '../../core/random/create-random.ts';
import { goldOf, measurePolarityRates, measureRates, shareTruth, type HeldOutReading } from './cross-fit-reader.ts';

/**
 * The businesses with a set share (the eval's "shares set 0-60%", and what `npm run train` sizes the writer
 * shift on): these negative shares of one aspect, this many opinions in each, this many businesses per share,
 * only aspects the writer has at least MIN_POOL negative and positive labels of to draw from, and replicates per interval.
 */
export const SET_SHARES = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6];
export const SET_OPINIONS = 60;
export const SET_REPEATS = 5;
export const MIN_POOL = 10;
/** Bootstrap replicates for each of those businesses' intervals (the build uses SHARE_RULES.replicates). */
export const SET_REPLICATES = 200;

export const ESTIMATORS = ['cc', 'pcc', 'pacc', 'sld', 'ratio', 'acc3'] as const;
export type Estimator = (typeof ESTIMATORS)[number];

/** What an estimator needs to know about the reader on one aspect (measured on other writers). */
export interface AspectRatesForEval {
  positive: BinaryRates;
  negative: BinaryRates;
  polarity: BinaryRates;
  /** Mean negative and positive mass of held-out items by their class for the aspect: negative, positive, neither. */
  byClass: readonly [number, number][];
}

export function ratesForEval(readings: readonly HeldOutReading[], aspects: readonly string[]): AspectRatesForEval[] {
  return aspects.map((aspect, i) => ({
    positive: measureRates(readings, i, aspect, 'positive'),
    negative: measureRates(readings, i, aspect, 'negative'),
    polarity: measurePolarityRates(readings, i, aspect),
    byClass: (['negative', 'positive', 'none'] as const).map((c) => {
      const rs = readings.filter((r) => {
        const g = goldOf(r.item).get(aspect);
        return c === 'none' ? g !== 'negative' && g !== 'positive' : g === c;
      });
      const m = (k: number) => rs.reduce((acc, r) => acc + r.mass[2 * i + k]!, 0) / Math.max(1, rs.length);
      return [m(1), m(0)] as [number, number];
    }),
  }));
}

/** The truth of a sample: negative ÷ (positive + negative) labels of the aspect, and the number of opinions. */
export const truthOf = shareTruth;

/** One estimator's negative share of an aspect on a sample. */
export function estimateShare(est: Estimator, rows: readonly HeldOutReading[], a: number, aspect: string, r: AspectRatesForEval): number | null {
  let sp = 0;
  let sn = 0;
  for (const x of rows) {
    sp += x.mass[2 * a]!;
    sn += x.mass[2 * a + 1]!;
  }
  switch (est) {
    case 'cc': {
      // Classify and count: the decided mentions, as published before shares were corrected.
      let p = 0;
      let n = 0;
      for (const x of rows)
        for (const m of x.mentions)
          if (m.aspect === aspect) {
            if (m.polarity === 'positive') p++;
            if (m.polarity === 'negative') n++;
          }
      return p + n ? n / (p + n) : null;
    }
    case 'pcc':
      return sp + sn > 0 ? sn / (sp + sn) : null;
    case 'pacc': {
      const n = paccCount(sn, rows.length, r.negative);
      const p = paccCount(sp, rows.length, r.positive);
      return n + p > 0 ? n / (n + p) : null;
    }
    case 'sld': {
      // EM on the polarity of the opinion mass: each item's negative fraction, weighted by its mass.
      const posteriors: number[] = [];
      for (const x of rows) {
        const w = x.mass[2 * a]! + x.mass[2 * a + 1]!;
        if (w <= 0) continue;
        const q = x.mass[2 * a + 1]! / w;
        for (let k = 0; k < Math.round(w * 10); k++) posteriors.push(q);
      }
      return posteriors.length ? sldPrevalence(posteriors, r.polarity.prior) : null;
    }
    case 'ratio':
      return ratioPacc(sn, sp, r.polarity);
    case 'acc3': {
      const [n, p] = solveClasses(r.byClass, sn, sp, rows.length);
      return n + p > 0 ? n / (n + p) : null;
    }
  }
}

/**
 * A business with a set negative share of an aspect: `opinions` opinions of it (negative and positive
 * labelled sentences of the writer, drawn with replacement), plus background sentences without an
 * opinion of it in the writer's own proportion.
 */
export function sampleWithShare(rows: readonly HeldOutReading[], aspect: string, share: number, opinions: number, random: Random): HeldOutReading[] {
  const neg = rows.filter((r) => goldOf(r.item).get(aspect) === 'negative');
  const pos = rows.filter((r) => goldOf(r.item).get(aspect) === 'positive');
  const rest = rows.filter((r) => !['negative', 'positive'].includes(goldOf(r.item).get(aspect) ?? ''));
  const draw = (from: readonly HeldOutReading[], n: number) => Array.from({ length: n }, () => from[Math.floor(random() * from.length)]!);
  const n = Math.round(share * opinions);
  const background = Math.round((opinions * rest.length) / Math.max(1, neg.length + pos.length));
  return [...draw(neg, n), ...draw(pos, opinions - n), ...draw(rest, background)];
}

/** Counts of negative, positive and other items from the masses: the three-class adjusted count (q = M·p), clipped at 0. */
function solveClasses(byClass: readonly [number, number][], sn: number, sp: number, total: number): [number, number] {
  const m = [
    [byClass[0]![0], byClass[1]![0], byClass[2]![0], sn],
    [byClass[0]![1], byClass[1]![1], byClass[2]![1], sp],
    [1, 1, 1, total],
  ];
  for (let c = 0; c < 3; c++) {
    let pivot = c;
    for (let r = c + 1; r < 3; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < 3; r++) {
      if (r === c || m[c]![c] === 0) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k < 4; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return [Math.max(0, m[0]![3]! / m[0]![0]!), Math.max(0, m[1]![3]! / m[1]![1]!)];
}
