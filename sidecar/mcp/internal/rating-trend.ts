import { computeAggregateRating, round2 } from '../../../core/model/aggregate-rating.ts';
import type { AggregateRating } from '../../../core/schemas/aggregate-rating-schema.ts';

export type Granularity = 'month' | 'quarter';

export interface TrendPoint {
  period: string;
  from: string;
  to: string;
  count: number;
  average: number | null;
}

export interface RatingSummary {
  rating: AggregateRating;
  /** The range the trend covers (requested bounds, else the dates of the first and last matching review). */
  from: string | null;
  to: string | null;
  trend: TrendPoint[];
}

/** "2024-05" for a month, "2024-Q2" for a quarter (the quarter labels of /insights.json). */
export function periodOf(date: string, granularity: Granularity): string {
  const month = Number(date.slice(5, 7));
  return granularity === 'month' ? date.slice(0, 7) : `${date.slice(0, 4)}-Q${Math.ceil(month / 3)}`;
}

/** Index of a period counted from year 0, so ranges are plain integer loops. */
function periodIndex(date: string, granularity: Granularity): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1;
  return granularity === 'month' ? year * 12 + month : year * 4 + Math.floor(month / 3);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function periodAt(index: number, granularity: Granularity): Omit<TrendPoint, 'count' | 'average'> {
  const perYear = granularity === 'month' ? 12 : 4;
  const year = Math.floor(index / perYear);
  const firstMonth = granularity === 'month' ? index % perYear : (index % perYear) * 3; // 0-based
  const lastMonth = firstMonth + (granularity === 'month' ? 0 : 2);
  const lastDay = new Date(Date.UTC(year, lastMonth + 1, 0)).getUTCDate();
  const from = `${pad(year, 4)}-${pad(firstMonth + 1, 2)}-01`;
  return { period: periodOf(from, granularity), from, to: `${pad(year, 4)}-${pad(lastMonth + 1, 2)}-${pad(lastDay, 2)}` };
}

/** Number of periods from `from` to `to` inclusive (for bounding a request before computing it). */
export function countPeriods(from: string, to: string, granularity: Granularity): number {
  return periodIndex(to, granularity) - periodIndex(from, granularity) + 1;
}

/**
 * Average, count and histogram of the reviews dated within [since, until], with one trend point per
 * month or quarter of the range, including empty periods (count 0, average null), oldest first.
 */
export function summarizeRatings(
  reviews: readonly { date: string; rating: number }[],
  range: { since?: string | undefined; until?: string | undefined },
  granularity: Granularity,
): RatingSummary {
  const selected = reviews.filter((r) => (!range.since || r.date >= range.since) && (!range.until || r.date <= range.until));
  let first: string | null = range.since ?? null;
  let last: string | null = range.until ?? null;
  const buckets = new Map<number, { sum: number; count: number }>();
  for (const r of selected) {
    if (!range.since && (first === null || r.date < first)) first = r.date;
    if (!range.until && (last === null || r.date > last)) last = r.date;
    const i = periodIndex(r.date, granularity);
    const b = buckets.get(i) ?? { sum: 0, count: 0 };
    b.sum += r.rating;
    b.count += 1;
    buckets.set(i, b);
  }
  const trend: TrendPoint[] = [];
  if (first !== null && last !== null) {
    for (let i = periodIndex(first, granularity); i <= periodIndex(last, granularity); i++) {
      const b = buckets.get(i);
      trend.push({ ...periodAt(i, granularity), count: b?.count ?? 0, average: b ? round2(b.sum / b.count) : null });
    }
  }
  return { rating: computeAggregateRating(selected), from: first, to: last, trend };
}
