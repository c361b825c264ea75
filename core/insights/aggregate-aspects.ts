import { SHARE_RULES } from './quantify/share-rules.ts';
import type { BusinessConfig } from '../schemas/business-schema.ts';
import type { AspectInsight, Polarity, ShareInterval } from '../schemas/insights-schema.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import { describeShare } from './describe-share.ts';
import type { QuantifiedAspects } from './quantify-aspects.ts';
import { mergePools, quotePool, quotesFromPool, sureCandidate, WORDING_POOL, type PooledQuote, type QuoteCandidate } from './select-quotes.ts';

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

const round3 = (x: number) => Math.round(x * 1000) / 1000 + 0;
const roundShare = (s: ShareInterval): ShareInterval => ({ estimate: round3(s.estimate), low: round3(s.low), high: round3(s.high) });

/** What the aspects keep of a set of reviews: per aspect of the inventory, in its order. */
export type AspectsPartial = AspectTally[];

interface AspectTally {
  counts: Counts;
  /** Mention counts by the quarter of the review. */
  byQuarter: Record<string, Counts>;
  reviews: number;
  positive: PooledQuote[];
  negative: PooledQuote[];
}

/** Quote candidates kept per aspect and side: enough for QUOTES_PER_POLARITY different wordings. */
const POOL = QUOTES_PER_POLARITY * WORDING_POOL;

/** The aspects' counts and quote pools of a set of reviews: one pass over their mentions. */
export function collectAspects(analyzed: readonly AnalyzedReview[], business: BusinessConfig): AspectsPartial {
  const acc = new Map(
    business.aspects.map((a) => [
      a.id,
      {
        counts: zero(),
        byQuarter: {} as Record<string, Counts>,
        reviews: 0,
        /** The review whose mentions are being counted (a review's mentions come together; ids are unique). */
        last: null as AnalyzedReview | null,
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
      (x.byQuarter[a.quarter] ??= zero())[m.polarity]++;
      if (x.last !== a) {
        x.last = a;
        x.reviews++;
      }
      const quote = sureCandidate(a, m);
      if (quote) x[quote.polarity as 'positive' | 'negative'].push(quote);
    }
  }
  return business.aspects.map((aspect) => {
    const { counts, byQuarter, reviews, positive, negative } = acc.get(aspect.id)!;
    return { counts, byQuarter, reviews, positive: quotePool(positive, POOL), negative: quotePool(negative, POOL) };
  });
}

/** The aspects' tallies of disjoint sets of reviews, as one. */
export function mergeAspects(parts: readonly AspectsPartial[], business: BusinessConfig): AspectsPartial {
  return business.aspects.map((_, i) => {
    const tallies = parts.map((p) => p[i]!);
    const counts = zero();
    const byQuarter: Record<string, Counts> = {};
    for (const t of tallies) {
      addCounts(counts, t.counts);
      for (const [quarter, c] of Object.entries(t.byQuarter)) addCounts((byQuarter[quarter] ??= zero()), c);
    }
    return {
      counts,
      byQuarter,
      reviews: tallies.reduce((sum, t) => sum + t.reviews, 0),
      positive: mergePools(
        tallies.map((t) => t.positive),
        POOL,
      ),
      negative: mergePools(
        tallies.map((t) => t.negative),
        POOL,
      ),
    };
  });
}

/** Adds one polarity tally into another (the merges of aspects, entities and topics). */
export function addCounts(into: Counts, c: Counts): void {
  into.positive += c.positive;
  into.negative += c.negative;
  into.neutral += c.neutral;
}

/**
 * Per aspect of the inventory (in inventory order): the corrected opinions and negative share with
 * its interval and trend (`quantified`), the reader's raw mention counts by polarity with their net
 * score and quarterly counts over `periods`, the number of reviews, and quotes — only sure readings.
 * A mention is one aspect in one sentence, so a review that praises the crew twice counts twice
 * in `mentions` but once in `reviewCount`.
 */
export function aggregateAspects(
  tallies: AspectsPartial,
  business: BusinessConfig,
  periods: readonly string[],
  quantified: QuantifiedAspects,
): AspectInsight[] {
  return business.aspects.map((aspect, i) => {
    const { counts, byQuarter, reviews, positive, negative } = tallies[i]!;
    const estimate = quantified.estimates.aspects[i] ?? null;
    const opinions = estimate ? Math.round(estimate.positive) + Math.round(estimate.negative) : null;
    const share = estimate?.share ? roundShare(estimate.share) : null;
    const inPeriod = (period: string) => byQuarter[period] ?? zero();
    return {
      id: aspect.id,
      label: aspect.label,
      mentions: { ...counts, total: counts.positive + counts.negative + counts.neutral },
      opinions: { estimate: opinions ?? 0, positive: Math.round(estimate?.positive ?? 0), negative: Math.round(estimate?.negative ?? 0) },
      negativeShare: share,
      inWords: describeShare(aspect.label.toLowerCase(), opinions, share),
      // Raw scores only where a share is given: one mention scored ±1 would read as a verdict (a full red bar).
      score: share ? netScore(counts) : null,
      reviewCount: reviews,
      trend: periods.map((period) => ({ period, ...inPeriod(period), score: periodScore(inPeriod(period)) })),
      shareTrend: quantified.trends[i] ?? null,
      quotes: { positive: quotesFromPool(positive, QUOTES_PER_POLARITY), negative: quotesFromPool(negative, QUOTES_PER_POLARITY) },
    };
  });
}

/** A period's raw score, only from as many opinions as a share needs (SHARE_RULES.minOpinions): else null. */
function periodScore(c: { positive: number; negative: number; neutral: number }): number | null {
  return c.positive + c.negative >= SHARE_RULES.minOpinions ? netScore(c) : null;
}
