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

/**
 * Quantifies every aspect of the business from the reader's opinion mass (see estimate-shares.ts),
 * with the model's measured rates. Reviews are taken in id order, so the bytes do not depend on the
 * order they come in. A trend is given in the finest periods (quarters, else half-years, else years)
 * in which each of the last TREND_POINTS periods has SHARE_RULES.minOpinions estimated opinions.
 */
export function quantifyAspects(analyzed: readonly AnalyzedReview[], business: BusinessConfig, model: AbsaModel): QuantifiedAspects {
  const sorted = [...analyzed].sort((a, b) => (a.review.id < b.review.id ? -1 : a.review.id > b.review.id ? 1 : 0));
  const unit = (a: AnalyzedReview): OpinionUnit => ({ mass: a.mass, sentences: a.sentences.length });
  const rates = business.aspects.map((a) => model.rates?.get(a.id) ?? null);
  const rules = { ...SHARE_RULES, shiftSd: model.shiftSd, shiftShared: model.shiftShared };
  const estimates = estimateShares(sorted.map(unit), rates, rules);
  const newest = sorted.reduce<string | null>((max, a) => (max === null || a.review.date > max ? a.review.date : max), null);
  const trends: (ShareTrend | null)[] = business.aspects.map(() => null);
  if (newest === null) return { estimates, trends };
  for (const granularity of GRANULARITIES) {
    if (trends.every((t, a) => t !== null || !estimates.aspects[a]?.share)) break;
    const periods = periodsEndingAt(newest, granularity, TREND_POINTS);
    const byPeriod = periods.map((p) => sorted.filter((a) => periodOf(a.review.date, granularity) === p).map(unit));
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
