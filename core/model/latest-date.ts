/** What a review contributes to "when did the data change": its date, its last edit, its verification, its reply. */
type Dated = {
  date: string;
  updatedAt?: string | undefined;
  verification?: { verifiedOn: string } | undefined;
  ownerReply?: { date: string } | undefined;
};

/**
 * Newest date a review carries: written, edited, verified (a back-dated review only becomes publishable when
 * it is verified, often days later) or replied to, whichever is latest.
 */
export function reviewUpdated(r: Dated): string {
  let d = r.date;
  if (r.updatedAt !== undefined && r.updatedAt > d) d = r.updatedAt;
  if (r.verification && r.verification.verifiedOn > d) d = r.verification.verifiedOn;
  if (r.ownerReply && r.ownerReply.date > d) d = r.ownerReply.date;
  return d;
}

/**
 * Newest date across reviews (the data's "last modified"), or null when there are none.
 * Day granularity: two changes on one day share it, which is why ETags (content hashes) are the exact validator.
 */
export function latestDate(reviews: readonly Dated[]): string | null {
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
