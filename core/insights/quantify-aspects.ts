import type { BusinessConfig } from '../schemas/business-schema.ts';
import type { ShareTrend } from '../schemas/insights-schema.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import type { AbsaModel } from './model/absa-model.ts';
import { estimateShares, type OpinionUnit, type ShareEstimates } from './quantify/estimate-shares.ts';
import { SHARE_RULES, TREND_POINTS, TREND_REPLICATES } from './quantify/share-rules.ts';
import { GRANULARITIES, periodOf, periodsEndingAt } from './quantify/trend-periods.ts';

/** Corrected opinion counts and shares per aspect of the business (in its order), and where there are enough opinions, their trend. */
export interface QuantifiedAspects {
  estimates: ShareEstimates;
  trends: (ShareTrend | null)[];
}

const round3 = (x: number) => Math.round(x * 1000) / 1000 + 0;

/** What the quantifier keeps of a set of reviews: each review's opinion mass, in id order. */
export interface OpinionUnits {
  ids: string[];
  dates: string[];
  sentences: number[];
  /** Row `i` (width 2 × the business's aspects) is review `i`'s mass (see OpinionMass). */
  mass: Float64Array;
}

/** The opinion units of a set of reviews, in id order. */
export function collectUnits(analyzed: readonly AnalyzedReview[], business: BusinessConfig): OpinionUnits {
  const width = 2 * business.aspects.length;
  const sorted = [...analyzed].sort((a, b) => byId(a.review.id, b.review.id));
  const mass = new Float64Array(sorted.length * width);
  sorted.forEach((a, i) => {
    for (let k = 0; k < width; k++) mass[i * width + k] = a.mass[k] ?? 0;
  });
  return { ids: sorted.map((a) => a.review.id), dates: sorted.map((a) => a.review.date), sentences: sorted.map((a) => a.sentences.length), mass };
}

/** The units of disjoint sets of reviews, as one (in id order). */
export function mergeUnits(parts: readonly OpinionUnits[], business: BusinessConfig): OpinionUnits {
  if (parts.length === 1) return parts[0]!;
  const width = 2 * business.aspects.length;
  const rows = parts.flatMap((p, j) => p.ids.map((id, i) => ({ id, j, i })));
  rows.sort((a, b) => byId(a.id, b.id));
  const mass = new Float64Array(rows.length * width);
  rows.forEach(({ j, i }, k) => mass.set(parts[j]!.mass.subarray(i * width, (i + 1) * width), k * width));
  return {
    ids: rows.map((r) => r.id),
    dates: rows.map(({ j, i }) => parts[j]!.dates[i]!),
    sentences: rows.map(({ j, i }) => parts[j]!.sentences[i]!),
    mass,
  };
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Quantifies every aspect of the business from the reader's opinion mass (see estimate-shares.ts),
 * with the model's measured rates. Reviews are taken in id order (`units`: collectUnits, mergeUnits), so the bytes
 * do not depend on the order they come in. A trend is given in the finest periods (quarters, else half-years, else years)
 * in which each of the last TREND_POINTS periods has SHARE_RULES.minOpinions estimated opinions.
 */
export function quantifyAspects(units: OpinionUnits, business: BusinessConfig, model: AbsaModel): QuantifiedAspects {
  const width = 2 * business.aspects.length;
  const unit = (i: number): OpinionUnit => ({ mass: units.mass.subarray(i * width, (i + 1) * width), sentences: units.sentences[i]! });
  const all = units.ids.map((_, i) => i);
  const rates = business.aspects.map((a) => model.rates?.get(a.id) ?? null);
  const rules = { ...SHARE_RULES, shiftSd: model.shiftSd, shiftShared: model.shiftShared };
  const estimates = estimateShares(all.map(unit), rates, rules);
  const newest = units.dates.reduce<string | null>((max, d) => (max === null || d > max ? d : max), null);
  const trends: (ShareTrend | null)[] = business.aspects.map(() => null);
  if (newest === null) return { estimates, trends };
  for (const granularity of GRANULARITIES) {
    if (trends.every((t, a) => t !== null || !estimates.aspects[a]?.share)) break;
    const periods = periodsEndingAt(newest, granularity, TREND_POINTS);
    const byPeriod = periods.map((p) => all.filter((i) => periodOf(units.dates[i]!, granularity) === p).map(unit));
    const points = byPeriod.map((units) => estimateShares(units, rates, { ...rules, replicates: TREND_REPLICATES }));
    business.aspects.forEach((_, a) => {
      if (trends[a] || !estimates.aspects[a]?.share) return;
      const shares = points.map((p) => p.aspects[a]);
      if (!shares.every((e) => e?.share)) return;
      const first = shares[0]!.share!;
      const last = shares.at(-1)!.share!;
      trends[a] = {
        granularity,
        direction: last.high < first.low ? 'improving' : last.low > first.high ? 'declining' : 'steady',
        points: periods.map((period, k) => ({
          period,
          opinions: Math.round(shares[k]!.positive + shares[k]!.negative),
          negativeShare: { estimate: round3(shares[k]!.share!.estimate), low: round3(shares[k]!.share!.low), high: round3(shares[k]!.share!.high) },
        })),
      };
    });
  }
  return { estimates, trends };
}
