const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) formatters.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f;
}

/**
 * The calendar date (`YYYY-MM-DD`) of an instant in a time zone: a review written at 23:30 in Denver on
 * 3 June is dated 3 June, although it is already 4 June in UTC. Timestamps need an offset or `Z`;
 * a bare date is returned as is. Returns null for anything else.
 */
export function calendarDateInZone(timestamp: string, timeZone: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(timestamp)) return timestamp;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(timestamp)) return null;
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return null;
  const parts = formatterFor(timeZone).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}
