import { addDays } from '../model/calendar.ts';

/**
 * The since date whose document answers `date`: a date before the oldest review selects every
 * review, exactly as the oldest review's date does, and a date after the newest selects none, as the
 * day after the newest does. Such dates are answered with that boundary document, so that the
 * unbounded set of far-past and far-future dates cannot each cost a new body, hash and compression.
 * `newestFirst` holds the review dates, newest first; with no reviews every date is its own.
 */
export function sinceBoundary(newestFirst: readonly string[], date: string): string {
  if (newestFirst.length === 0) return date;
  const oldest = newestFirst[newestFirst.length - 1]!;
  if (date < oldest) return oldest;
  const dayAfterNewest = addDays(newestFirst[0]!, 1);
  return date > dayAfterNewest ? dayAfterNewest : date;
}
