import type { AggregateRating } from '../../core/schemas/aggregate-rating-schema.ts';
import type { AspectInsight } from '../../core/schemas/insights-schema.ts';
import { aspectsInDisplayOrder } from '../../core/insights/aspects-in-display-order.ts';
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

/** One aspect row of the sentiment chart: the corrected share in words and the geometry of its inline SVGs. */
export interface AspectRow {
  id: string;
  label: string;
  /** Estimated opinions (positive + negative). */
  opinions: number;
  /** The corrected negative share and its 90% interval; null below the minimum of opinions: no bar, no percentage, no line. */
  share: { negative: number; low: number; high: number } | null;
  /** The share as a sentence a roofer understands (`aspects[].inWords`). */
  inWords: string;
  /** The same sentence in parts, its interval apart so the page keeps "(38–66%)" on one line. */
  words: { text: string; interval: string | null; end: string };
  /** The trend of the share, where every period has enough opinions; the word and the line come from the same points. */
  trend: { words: string; granularity: string; periods: number; span: string; points: string } | null;
}

/** The trend line: the share of positive opinions per period (up is better), on a fixed box. */
export const SPARK = { width: 96, height: 28 } as const;

function sparkline(t: NonNullable<AspectInsight['shareTrend']>, updated: string | null): { points: string; span: string } {
  const step = (SPARK.width - 4) / Math.max(1, t.points.length - 1);
  const points = t.points
    .map((p, i) => `${(2 + i * step).toFixed(1)},${(SPARK.height - 3 - (1 - p.negativeShare.estimate) * (SPARK.height - 6)).toFixed(1)}`)
    .join(' ');
  // The span ends at the newest review, not at the end of its period (a year's line drawn in February is no December's).
  const end = updated ? monthOf(updated) : periodEnd(t.points.at(-1)!.period);
  return { points, span: `${periodStart(t.points[0]!.period)} – ${end}` };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** A period label ("2026-Q1", "2025-H2", "2024") as its first or last month, as people say it: "Jan 2026", "Dec 2025". */
function periodMonth(period: string, end: boolean): string {
  const [year, part] = period.split('-');
  const quarter = part?.startsWith('Q') ?? false;
  const first = quarter ? 3 * (Number(part!.slice(1)) - 1) : part === 'H2' ? 6 : 0;
  const months = quarter ? 3 : part ? 6 : 12;
  return `${MONTHS[end ? first + months - 1 : first]} ${year}`;
}
const periodStart = (period: string) => periodMonth(period, false);
const periodEnd = (period: string) => periodMonth(period, true);
/** A calendar date ("2026-02-14") as its month: "Feb 2026". */
const monthOf = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** A trend that is not clear still has a direction: the last point against the first, in negative share. */
const VISIBLE_CHANGE = 0.05;

/** The trend in words that agree with the line: a clear one, or which way it went when it is not clear. */
function trendWords(t: NonNullable<AspectInsight['shareTrend']>): string {
  if (t.direction === 'improving') return 'improving';
  if (t.direction === 'declining') return 'getting worse';
  // In thousandths, as the points are published: 0.30 → 0.35 and 0.50 → 0.55 are the same change.
  const change = Math.round(1000 * (t.points.at(-1)!.negativeShare.estimate - t.points[0]!.negativeShare.estimate));
  if (change >= 1000 * VISIBLE_CHANGE) return 'worse lately, but not by enough to be sure';
  if (change <= -1000 * VISIBLE_CHANGE) return 'better lately, but not by enough to be sure';
  return 'no clear change';
}

/**
 * Rows of the aspect sentiment chart: aspects with a share first (most opinions first), then those without.
 * `updated`: the newest review's date, where a trend's span ends.
 */
export function layoutAspects(aspects: readonly AspectInsight[], updated: string | null = null): AspectRow[] {
  return aspectsInDisplayOrder(aspects).map((a) => {
    const s = a.negativeShare;
    const t = s && a.shareTrend;
    const spark = t ? sparkline(t, updated) : null;
    return {
      id: a.id,
      label: a.label,
      opinions: a.opinions.estimate,
      share: s ? { negative: s.estimate, low: s.low, high: s.high } : null,
      inWords: a.inWords,
      words: splitInterval(a.inWords),
      trend:
        t && spark ? { words: trendWords(t), granularity: t.granularity, periods: t.points.length, span: spark.span, points: spark.points } : null,
    };
  });
}

/** "… are negative (38–66%)." as its text, its interval and what follows, for a line break never inside "(38–66%)". */
function splitInterval(sentence: string): { text: string; interval: string | null; end: string } {
  const m = /\(\d+–\d+%\)(?=\.?$)/.exec(sentence);
  return m
    ? { text: sentence.slice(0, m.index), interval: m[0], end: sentence.slice(m.index + m[0].length) }
    : { text: sentence, interval: null, end: '' };
}
