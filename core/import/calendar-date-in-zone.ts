import { MIN_YEAR } from '../csv/spreadsheet-date.ts';
import { isCalendarDate } from '../schemas/primitives.ts';

const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Per zone: UTC day number → the zone's offset (ms) when it is the same all that day, else null. */
const dayOffsets = new Map<string, Map<number, number | null>>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in ms (wall clock minus UTC). */
function offsetAt(ms: number, timeZone: string): number {
  const p = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The offset at `ms`. Intl is slow (100k reviews), so the offset is computed at the start and end of each
 * UTC day and reused for the whole day when both agree; days with a transition are computed exactly.
 */
function zoneOffset(ms: number, timeZone: string): number {
  let days = dayOffsets.get(timeZone);
  if (!days) dayOffsets.set(timeZone, (days = new Map()));
  const day = Math.floor(ms / DAY);
  let cached = days.get(day);
  if (cached === undefined) {
    const start = offsetAt(day * DAY, timeZone);
    cached = start === offsetAt(day * DAY + DAY - 1000, timeZone) ? start : null;
    days.set(day, cached);
  }
  return cached ?? offsetAt(ms, timeZone);
}

/**
 * The calendar date (`YYYY-MM-DD`) of an instant in a time zone: a review written at 23:30 in Denver on
 * 3 June is dated 3 June, although it is already 4 June in UTC. Timestamps need an offset or `Z`;
 * a bare date is returned as is. Returns null for anything else, for a day that does not exist
 * (`2025-02-30` never rolls over into March) and for years before 1000 (`Date.UTC` would read 0050 as
 * 1950). Pure: Intl with an explicit zone.
 */
export function calendarDateInZone(timestamp: string, timeZone: string): string | null {
  const day = timestamp.slice(0, 10);
  if (!isCalendarDate(day) || Number(day.slice(0, 4)) < MIN_YEAR) return null;
  if (timestamp.length === 10) return timestamp;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(timestamp)) return null;
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return null;
  return new Date(ms + zoneOffset(ms, timeZone)).toISOString().slice(0, 10);
}
