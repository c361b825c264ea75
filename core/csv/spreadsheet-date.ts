import { isCalendarDate } from '../schemas/primitives.ts';

/** A date a spreadsheet wrote, read as a calendar date, or why it could not be. */
export type SpreadsheetDate = { date: string } | { error: string };

/** How a locale writes a short numeric date: the order of its parts and the separator. */
interface DatePattern {
  order: ('day' | 'month' | 'year')[];
  separator: string;
  /** The pattern as a person reads it ("M/D/YYYY") and an example, for messages. */
  shown: string;
  example: string;
}

const patterns = new Map<string, DatePattern | null>();
/** Years before 1000 are a typo or a lost century in a spreadsheet of jobs or reviews, never a real date. */
export const MIN_YEAR = 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EXAMPLE = Date.UTC(2026, 2, 2); // 2 March 2026: day and month differ, so the example shows the order

/** The locale's numeric date pattern, from Intl (pure: a fixed instant, an explicit zone). Null when Intl does not know the locale. */
export function localeDatePattern(locale: string): DatePattern | null {
  if (patterns.has(locale)) return patterns.get(locale)!;
  let pattern: DatePattern | null = null;
  try {
    const format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' });
    const parts = format.formatToParts(EXAMPLE);
    const order = parts.filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year').map((p) => p.type as 'day' | 'month' | 'year');
    const separator = parts.find((p) => p.type === 'literal')?.value.trim() ?? '';
    if (order.length === 3 && separator.length === 1 && !/\d/.test(separator)) {
      const letter = { day: 'D', month: 'M', year: 'YYYY' } as const;
      pattern = { order, separator, shown: order.map((p) => letter[p]).join(separator), example: format.format(EXAMPLE).replace(/\s/g, '') };
    }
  } catch {
    pattern = null;
  }
  patterns.set(locale, pattern);
  return pattern;
}

/** What a date column accepts, for messages: ISO always, and the locale's own form when there is one. */
export function expectedDateFormats(locale: string | undefined): string {
  const p = locale ? localeDatePattern(locale) : null;
  return p && p.shown !== 'YYYY-M-D' ? `YYYY-MM-DD or ${p.shown} (${locale}, e.g. ${p.example} for 2 March 2026)` : 'YYYY-MM-DD';
}

/**
 * Reads a date as spreadsheets write it, never guessing: ISO `YYYY-MM-DD` always; the business's locale's
 * short form (en-US `3/2/2026` is 2 March, de-DE `02.03.2026` is 2 March) when a locale is given; a time
 * after the date (Excel's `3/2/2026 14:30`) is ignored. A two-digit year, another locale's form, a day
 * that does not exist (`2/30/2026`) or a year before 1000 is an error naming the format expected.
 */
export function parseSpreadsheetDate(raw: string, locale: string | undefined): SpreadsheetDate {
  const fail = (why: string): SpreadsheetDate => ({ error: `${why}: "${raw}" (expected ${expectedDateFormats(locale)})` });
  const plain = ISO_DATE.exec(raw);
  if (plain) return checked(Number(plain[1]), Number(plain[2]), Number(plain[3]), fail);
  const value = raw.trim().replace(/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?( ?[AaPp]\.?[Mm]\.?)?$/, '');
  const iso = ISO_DATE.exec(value);
  if (iso) return checked(Number(iso[1]), Number(iso[2]), Number(iso[3]), fail);
  const pattern = locale ? localeDatePattern(locale) : null;
  if (!pattern)
    return fail(
      value === ''
        ? 'a date is required'
        : 'not a date written YYYY-MM-DD; set "locale" in business.json to read dates as your spreadsheet writes them',
    );
  const parts = value.split(pattern.separator);
  if (parts.length !== 3 || !parts.every((p) => /^\d{1,4}$/.test(p))) return fail('not a date in the expected form');
  const at = (name: 'day' | 'month' | 'year') => parts[pattern.order.indexOf(name)]!;
  if (at('year').length !== 4) return fail('the year must have four digits (a two-digit year is ambiguous)');
  if (at('day').length > 2 || at('month').length > 2) return fail('not a date in the expected form');
  return checked(Number(at('year')), Number(at('month')), Number(at('day')), fail);
}

function checked(year: number, month: number, day: number, fail: (why: string) => SpreadsheetDate): SpreadsheetDate {
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (year < MIN_YEAR) return fail(`year ${year} is not a plausible year`);
  if (!isCalendarDate(date)) return fail('no such day');
  return { date };
}

/**
 * A number as the business's locale writes it: en-US `14,250.00`, de-DE `14.250,00`, fr-FR `14 250,00`.
 * Grouping separators are accepted only in groups of three; anything else is null (never a guess).
 */
export function parseLocaleNumber(raw: string, locale: string | undefined): number | null {
  const value = raw.trim();
  if (value === '') return null;
  let decimal = '.';
  let group = ',';
  if (locale) {
    try {
      const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
      decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
      group = parts.find((p) => p.type === 'group')?.value ?? ',';
    } catch {
      // an unknown locale reads as en
    }
  }
  const groupChars = /\s/.test(group) ? '[\\s\\u00a0\\u202f]' : escapeRegExp(group);
  const shape = new RegExp(`^[-+]?(\\d{1,3}(${groupChars}\\d{3})+|\\d+)(${escapeRegExp(decimal)}\\d+)?$`, 'u');
  if (!shape.test(value)) return null;
  const plain = value.replace(new RegExp(groupChars, 'gu'), '').replace(decimal, '.');
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
