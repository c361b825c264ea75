import type { BusinessConfig } from '../schemas/business-schema.ts';
import type { AspectInsight, Polarity } from '../schemas/insights-schema.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import { pickQuotes, type QuoteCandidate } from './select-quotes.ts';

/** Representative quotes per aspect and polarity. */
export const QUOTES_PER_POLARITY = 3;

type Counts = Record<Polarity, number>;
const zero = (): Counts => ({ positive: 0, negative: 0, neutral: 0 });

/** (positive − negative) / total, rounded to 2 decimals; null without mentions. */
export function netScore(c: Counts): number | null {
  const total = c.positive + c.negative + c.neutral;
  return total ? round2((c.positive - c.negative) / total) : null;
}

/** Rounds to 2 decimals, the precision of every published score and average. */
export function round2(x: number): number {
  return Math.round(x * 100) / 100 + 0; // + 0 turns -0 into 0
}

/**
 * Per aspect of the inventory (in inventory order): mention counts by polarity, net score, number
 * of reviews, quarterly trend over `periods`, and representative positive and negative quotes.
 * A mention is one aspect in one sentence, so a review that praises the crew twice counts twice
 * in `mentions` but once in `reviewCount`.
 */
export function aggregateAspects(analyzed: readonly AnalyzedReview[], business: BusinessConfig, periods: readonly string[]): AspectInsight[] {
  // One pass over all mentions, then one small assembly per aspect.
  const acc = new Map(
    business.aspects.map((a) => [
      a.id,
      {
        counts: zero(),
        byPeriod: new Map<string, Counts>(periods.map((p) => [p, zero()])),
        reviews: new Set<string>(),
        positive: [] as QuoteCandidate[],
        negative: [] as QuoteCandidate[],
      },
    ]),
  );
  for (const a of analyzed) {
    for (const m of a.mentions) {
      const x = acc.get(m.aspect);
      if (!x) continue;
      x.counts[m.polarity]++;
      x.byPeriod.get(a.quarter)![m.polarity]++;
      x.reviews.add(a.review.id);
      if (m.polarity !== 'neutral') x[m.polarity].push({ analyzed: a, sentence: m.sentence, polarity: m.polarity, score: m.score, at: m.start });
    }
  }
  return business.aspects.map((aspect) => {
    const { counts, byPeriod, reviews, positive, negative } = acc.get(aspect.id)!;
    return {
      id: aspect.id,
      label: aspect.label,
      mentions: { ...counts, total: counts.positive + counts.negative + counts.neutral },
      score: netScore(counts),
      reviewCount: reviews.size,
      trend: periods.map((period) => ({ period, ...byPeriod.get(period)!, score: netScore(byPeriod.get(period)!) })),
      quotes: { positive: pickQuotes(positive, QUOTES_PER_POLARITY), negative: pickQuotes(negative, QUOTES_PER_POLARITY) },
    };
  });
}
