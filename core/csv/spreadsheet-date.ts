import { isCalendarDate } from '../schemas/primitives.ts';

/** A date a spreadsheet wrote, read as a calendar date, or why it could not be. */
export type SpreadsheetDate = { date: string } | { error: string };

type DatePart = 'day' | 'month' | 'year';

/**
 * An era whose years are the Gregorian ones shifted by `offset`: a year from `from` on is read as
 * `year - offset`, a year below it as already Gregorian.
 */
interface Era {
  name: string;
  offset: number;
  from: number;
}

/** How a locale writes a short numeric date, as Intl formats it: its three numbers and the text around them. */
interface DatePattern {
  order: DatePart[];
  /** The pattern as a person reads it ("M/D/YYYY", "YYYY. M. D.") and an example, for messages. */
  shown: string;
  example: string;
  /** The form as a regular expression: three groups of digits, in `order`. */
  regex: RegExp;
  /** The era the locale counts years in when it is not the Gregorian one (th-TH: Buddhist). */
  era: Era | null;
}

/** A locale Intl knows whose own date form is not read (other digits, another calendar), and why. */
interface Unreadable {
  unreadable: string;
}

/** The text before, between and after the three numbers of a date as Intl writes it. */
interface DateShape {
  order: DatePart[];
  literals: [string, string, string, string];
}

/**
 * Calendars whose dates are read. Thai (th-TH) counts years in the Buddhist era, the Gregorian calendar 543
 * years on: Excel in Thai writes 2/3/2569 for 2 March 2026. A year below 2400 (1857 CE) in a th-TH file is
 * taken as already Gregorian (a sheet set to the Gregorian calendar) and never converted twice: no job or
 * review predates 1857 CE, and no Gregorian year of one reaches 2400.
 */
const ERAS = new Map<string, Era | null>([
  ['gregory', null],
  ['buddhist', { name: 'Buddhist-era', offset: 543, from: 2400 }],
]);

const forms = new Map<string, DatePattern | Unreadable | null>();
/** Years before 1000 are a typo or a lost century in a spreadsheet of jobs or reviews, never a real date. */
export const MIN_YEAR = 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EXAMPLE = Date.UTC(2026, 2, 2); // 2 March 2026: day and month differ, so the example shows the order
const FORMAT = { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' } as const;
/** Invisible direction marks Intl puts around separators in right-to-left locales; they carry no meaning. */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;
const TIME = /[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?( ?[AaPp]\.?[Mm]\.?)?$/;

/** The locale's numeric date pattern, from Intl (pure: a fixed instant, an explicit zone). Null when it is not read. */
export function localeDatePattern(locale: string): DatePattern | null {
  const form = localeForm(locale);
  return form && !('unreadable' in form) ? form : null;
}

/** The locale's date form, or why it is not read; null when Intl does not know the locale. Cached. */
function localeForm(locale: string): DatePattern | Unreadable | null {
  if (!forms.has(locale)) forms.set(locale, readLocaleForm(locale));
  return forms.get(locale)!;
}

function readLocaleForm(locale: string): DatePattern | Unreadable | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, FORMAT);
  } catch {
    return null;
  }
  const { calendar, numberingSystem } = format.resolvedOptions();
  const era = ERAS.get(calendar);
  // Another calendar's year (Persian 1404, Hijri) or other digits (٢/٣/٢٠٢٦) would need a conversion this module does not make.
  if (era === undefined) return { unreadable: `${locale} counts years in the ${calendar} calendar` };
  if (numberingSystem !== 'latn') return { unreadable: `${locale} writes digits other than 0-9` };
  const shape = dateShape(format.formatToParts(EXAMPLE));
  if (!shape) return { unreadable: `${locale} does not write a date as three numbers with separators` };
  // ky-KG writes 2026-02-03 for 2 March: read as its own form it would contradict YYYY-MM-DD, which is always read.
  if (shape.order[0] === 'year' && shape.order[1] === 'day' && shape.literals[1].trim() === '-' && shape.literals[2].trim() === '-')
    return { unreadable: `${locale} writes year-day-month with "-", which reads as YYYY-MM-DD` };
  return patternOf(shape, era, tidy(format.format(EXAMPLE)));
}

/** The numbers and the literals between them, or null when the parts are not three numbers separated by non-digits. */
function dateShape(parts: Intl.DateTimeFormatPart[]): DateShape | null {
  const order: DatePart[] = [];
  const literals: string[] = [''];
  for (const p of parts) {
    if (p.type === 'day' || p.type === 'month' || p.type === 'year') {
      order.push(p.type);
      literals.push('');
    } else if (p.type === 'literal') literals[literals.length - 1] += p.value.replace(BIDI_MARKS, '');
    else return null; // an era name, a related year: not a plain numeric date
  }
  if (order.length !== 3 || new Set(order).size !== 3 || literals.some((l) => /\d/.test(l))) return null;
  if (literals[1] === '' || literals[2] === '') return null; // numbers run together: no telling where one ends
  return { order, literals: literals as DateShape['literals'] };
}

function patternOf(shape: DateShape, era: Era | null, example: string): DatePattern {
  const letter = { day: 'D', month: 'M', year: 'YYYY' } as const;
  const [before, first, second, after] = shape.literals;
  const [a, b, c] = shape.order.map((p) => letter[p]);
  const number = '(\\d{1,4})';
  // Separators are matched as the locale writes them, with or without its spaces (Excel: "2026. 03. 02." or
  // "2026.03.02."); text before and after the numbers (hr-HR "2.3.2026.", bg-BG "2.03.2026 г.") may be left out.
  const source = `^${literalSource(before, false)}${number}${literalSource(first, true)}${number}${literalSource(second, true)}${number}${literalSource(after, false)}$`;
  return { order: shape.order, shown: tidy(`${before}${a}${first}${b}${second}${c}${after}`), example, regex: new RegExp(source), era };
}

/** A literal as a regular expression: its words in order, spaces optional around and between them. */
function literalSource(literal: string, between: boolean): string {
  const words = literal
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return between ? '\\s+' : '\\s*';
  const source = `\\s*${words.map(escapeRegExp).join('\\s*')}\\s*`;
  return between ? source : `(?:${source})?`;
}

/** Intl's text as a person types it: no direction marks, one plain space for any run of spaces. */
function tidy(text: string): string {
  return text.replace(BIDI_MARKS, '').replace(/\s+/g, ' ').trim();
}

/** What a date column accepts, for messages: ISO always, and the locale's own form when there is one. */
export function expectedDateFormats(locale: string | undefined): string {
  const p = locale ? localeDatePattern(locale) : null;
  if (!p || p.shown === 'YYYY-M-D') return 'YYYY-MM-DD';
  return `YYYY-MM-DD or ${p.shown} (${locale}, ${p.era ? `${p.era.name} years, ` : ''}e.g. ${p.example} for 2 March 2026)`;
}

/**
 * Reads a date as spreadsheets write it, never guessing: ISO `YYYY-MM-DD` always; the business's locale's
 * short form (en-US `3/2/2026` is 2 March, de-DE `02.03.2026`, hu-HU `2026. 03. 02.`, bg-BG `2.03.2026 г.`)
 * when a locale is given; a time after the date (Excel's `3/2/2026 14:30`) is ignored. A th-TH year from 2400
 * on is Buddhist era (`2/3/2569` is 2 March 2026). A two-digit year, another locale's form, a day that does not
 * exist (`2/30/2026`) or a year before 1000 is an error naming the format expected.
 */
export function parseSpreadsheetDate(raw: string, locale: string | undefined): SpreadsheetDate {
  const fail = (why: string): SpreadsheetDate => ({ error: `${why}: "${raw}" (expected ${expectedDateFormats(locale)})` });
  const form = locale ? localeForm(locale) : null;
  const pattern = form && !('unreadable' in form) ? form : null;
  const value = raw.trim().replace(TIME, '');
  const iso = ISO_DATE.exec(value);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]), pattern, fail);
  if (!pattern) return fail(value === '' ? 'a date is required' : notIso(locale, form));
  const m = pattern.regex.exec(value.replace(BIDI_MARKS, ''));
  if (!m) return fail('not a date in the expected form');
  const at = (name: DatePart) => m[1 + pattern.order.indexOf(name)]!;
  if (at('year').length !== 4) return fail('the year must have four digits (a two-digit year is ambiguous)');
  if (at('day').length > 2 || at('month').length > 2) return fail('not a date in the expected form');
  return checked(gregorianYear(Number(at('year')), pattern.era), Number(at('month')), Number(at('day')), fail);
}

/** Why a value that is not ISO cannot be read when the locale's own form is not read either. */
function notIso(locale: string | undefined, form: DatePattern | Unreadable | null): string {
  if (!locale) return 'not a date written YYYY-MM-DD; set "locale" in business.json to read dates as your spreadsheet writes them';
  if (!form || !('unreadable' in form)) return `not a date written YYYY-MM-DD ("${locale}" is not a locale this system knows)`;
  return `not a date written YYYY-MM-DD (dates as ${locale} writes them are not read: ${form.unreadable})`;
}

/**
 * An ISO date. ISO years are Gregorian: in a locale of another era, a year of that era (2569 in th-TH) is
 * refused rather than stored 543 years late or converted on a guess.
 */
function isoDate(year: number, month: number, day: number, pattern: DatePattern | null, fail: (why: string) => SpreadsheetDate): SpreadsheetDate {
  const era = pattern?.era;
  if (era && year >= era.from)
    return fail(`year ${year} is a ${era.name} year; write YYYY-MM-DD dates with the Gregorian year (${year - era.offset}), or as ${pattern.shown}`);
  return checked(year, month, day, fail);
}

/** The Gregorian year of a year written in the locale's era; a year below the era's range is already Gregorian. */
function gregorianYear(year: number, era: Era | null): number {
  return era && year >= era.from ? year - era.offset : year;
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
