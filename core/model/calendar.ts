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

/** RFC 9110 IMF-fixdate of the start of a calendar day (Last-Modified). */
export function httpDateOf(date: string): string {
  return new Date(`${date}T00:00:00Z`).toUTCString();
}
