/** Adds whole days to a YYYY-MM-DD date (UTC arithmetic: no time zones, no clock). */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Every date from `from` to `to` inclusive, ascending. */
export function dateRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

const SECONDS_PER_DAY = 86_400;

/**
 * A document's Last-Modified: within the day before its newest date (`updated`), at a second taken from `digest` (the
 * hex hash of its bytes, or of what they are made from). The data holds dates, not times, so the date alone stayed
 * the same when a review older than the newest was added, and went back when one was moved or removed: a client
 * sending it back in If-Modified-Since was told 304 for a changed document. With the second from the bytes, another
 * body has another Last-Modified (but for a chance of 1 in 86,400), the same body the same one on every build, and
 * never a time after its newest date. Servers compare it for equality (`isNotModified`, nginx's exact match).
 */
export function lastModifiedOf(updated: string, digest: string): string {
  const offset = Number.parseInt(digest.slice(0, 8), 16) % SECONDS_PER_DAY;
  return new Date(Date.parse(`${updated}T00:00:00Z`) - (offset + 1) * 1000).toUTCString();
}
