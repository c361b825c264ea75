import type { AggregateRating } from '../../core/schemas/aggregate-rating-schema.ts';
import type { AspectInsight } from '../../core/schemas/insights-schema.ts';
import { formatCount, formatPercent, plural } from './page-format.ts';

/** Geometry of the 1–5 star histogram, drawn as one SVG with fixed dimensions (no layout shift). */
export interface HistogramChart {
  width: number;
  height: number;
  rows: { stars: number; count: number; share: number; y: number; barWidth: number; label: string }[];
  barX: number;
  /** Width of the track a full bar fills. */
  barMax: number;
  barHeight: number;
  /** Text alternative: every bar in words. */
  description: string;
}

export const HISTOGRAM_SIZE = { width: 360, rowHeight: 28, labelWidth: 52, countWidth: 92, top: 6 } as const;

/** Lays out the rating histogram: five rows, 5 stars first, bar length relative to the largest row. */
export function layoutHistogram(rating: AggregateRating): HistogramChart {
  const { width, rowHeight, labelWidth, countWidth, top } = HISTOGRAM_SIZE;
  const counts = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: rating.histogram[String(stars) as '1'] }));
  const max = Math.max(1, ...counts.map((c) => c.count));
  const total = Math.max(1, rating.count);
  const barMax = width - labelWidth - countWidth;
  const rows = counts.map(({ stars, count }, i) => ({
    stars,
    count,
    share: count / total,
    y: top + i * rowHeight,
    barWidth: Math.round((count / max) * barMax * 10) / 10,
    label: `${formatCount(count)} (${formatPercent(count / total)})`,
  }));
  const description = rows.map((r) => `${plural(r.stars, 'star')}: ${plural(r.count, 'review')} (${formatPercent(r.share)})`).join('; ');
  return { width, height: top * 2 + rows.length * rowHeight, rows, barX: labelWidth, barMax, barHeight: rowHeight - 10, description };
}

export const TREND = { improving: 'improving', declining: 'declining', steady: 'steady', unknown: 'not enough data' } as const;
export type TrendWord = (typeof TREND)[keyof typeof TREND];

/** One aspect row of the sentiment chart: shares in text and geometry for the inline SVGs. */
export interface AspectRow {
  id: string;
  label: string;
  mentions: number;
  positive: number;
  neutral: number;
  negative: number;
  /** Direction of the score, latest four quarters against the four before. */
  trend: TrendWord;
  /** Sparkline polyline points ("x,y x,y"), one per quarter with mentions; empty without data. */
  sparkline: string;
  /** Periods the sparkline covers, e.g. "2023-Q1 to 2024-Q4". */
  span: string;
}

export const SPARK = { width: 96, height: 28, quarters: 8 } as const;

function windowScore(points: AspectInsight['trend']): number | null {
  let pos = 0;
  let neg = 0;
  let total = 0;
  for (const p of points) {
    pos += p.positive;
    neg += p.negative;
    total += p.positive + p.negative + p.neutral;
  }
  return total === 0 ? null : (pos - neg) / total;
}

/**
 * Trend of an aspect's score: the mention-weighted score of the latest four quarters against the four
 * before; a change under 0.1 (on the −1…1 scale) is "steady".
 */
export function aspectTrend(trend: AspectInsight['trend']): TrendWord {
  const recent = windowScore(trend.slice(-4));
  const before = windowScore(trend.slice(-8, -4));
  if (recent === null || before === null) return TREND.unknown;
  const delta = recent - before;
  if (Math.abs(delta) < 0.1) return TREND.steady;
  return delta > 0 ? TREND.improving : TREND.declining;
}

function sparkline(trend: AspectInsight['trend']): { points: string; span: string } {
  const last = trend.slice(-SPARK.quarters);
  const withScore = last.filter((p) => p.score !== null);
  if (withScore.length < 2) return { points: '', span: '' };
  const step = (SPARK.width - 4) / Math.max(1, last.length - 1);
  const mid = SPARK.height / 2;
  const points = last
    .map((p, i) => (p.score === null ? null : `${(2 + i * step).toFixed(1)},${(mid - p.score * (mid - 3)).toFixed(1)}`))
    .filter((p): p is string => p !== null)
    .join(' ');
  return { points, span: `${last[0]!.period} to ${last.at(-1)!.period}` };
}

/** Rows of the aspect sentiment chart, most-mentioned aspect first; aspects without mentions last. */
export function layoutAspects(aspects: readonly AspectInsight[]): AspectRow[] {
  return [...aspects]
    .sort((a, b) => b.mentions.total - a.mentions.total || a.label.localeCompare(b.label))
    .map((a) => {
      const total = Math.max(1, a.mentions.total);
      const spark = sparkline(a.trend);
      return {
        id: a.id,
        label: a.label,
        mentions: a.mentions.total,
        positive: a.mentions.positive / total,
        neutral: a.mentions.neutral / total,
        negative: a.mentions.negative / total,
        trend: aspectTrend(a.trend),
        sparkline: spark.points,
        span: spark.span,
      };
    });
}
