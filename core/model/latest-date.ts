/** Newest date a review carries: its own date or its owner reply's, whichever is later. */
export function reviewUpdated(r: { date: string; ownerReply?: { date: string } | undefined }): string {
  return r.ownerReply && r.ownerReply.date > r.date ? r.ownerReply.date : r.date;
}

/** Newest date across reviews (the data's "last modified"), or null when there are none. */
export function latestDate(reviews: readonly { date: string; ownerReply?: { date: string } | undefined }[]): string | null {
  let max: string | null = null;
  for (const r of reviews) {
    const d = reviewUpdated(r);
    if (max === null || d > max) max = d;
  }
  return max;
}

/** A calendar date as the RFC 3339 timestamp of its start in UTC (feeds need full timestamps). */
export function dateToTimestamp(date: string): string {
  return `${date}T00:00:00Z`;
}
