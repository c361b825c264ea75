import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBusiness } from '../../../../core/content/parse-content.ts';
import { parseCsv } from '../../../../core/csv/parse-csv.ts';
import { headerKey } from '../../../../core/csv/read-csv-table.ts';
import { expectedDateFormats, localeDatePattern, parseLocaleNumber, parseSpreadsheetDate } from '../../../../core/csv/spreadsheet-date.ts';
import { parseReviewCsv } from '../../../../core/import/parse-review-csv.ts';
import { createCatalogLookup } from '../../../../core/verify/catalog-lookup.ts';
import { parseJobsCsv } from '../../../../core/verify/parse-jobs-csv.ts';
import { SAMPLE_CONTENT } from '../../../helpers/build-fixture.ts';

const business = parseBusiness({ path: 'business.json', text: readFileSync(join(SAMPLE_CONTENT, 'business.json'), 'utf8') });
const catalog = createCatalogLookup(business);
const jobs = (text: string, locale?: string) => parseJobsCsv({ path: 'jobs.csv', text }, catalog, locale);

describe('dates as spreadsheets write them, never guessed', () => {
  it('reads US Excel dates in en-US and ISO always', () => {
    expect(parseSpreadsheetDate('3/2/2026', 'en-US')).toEqual({ date: '2026-03-02' });
    expect(parseSpreadsheetDate('12/31/2025 14:30', 'en-US')).toEqual({ date: '2025-12-31' });
    expect(parseSpreadsheetDate('3/2/2026 2:30 PM', 'en-US')).toEqual({ date: '2026-03-02' });
    expect(parseSpreadsheetDate('2026-03-02', 'en-US')).toEqual({ date: '2026-03-02' });
    expect(parseSpreadsheetDate('2026-03-02', undefined)).toEqual({ date: '2026-03-02' });
  });

  it('reads European dates in their locale', () => {
    expect(parseSpreadsheetDate('02.03.2026', 'de-DE')).toEqual({ date: '2026-03-02' });
    expect(parseSpreadsheetDate('2.3.2026', 'de-DE')).toEqual({ date: '2026-03-02' });
    expect(parseSpreadsheetDate('02/03/2026', 'en-GB')).toEqual({ date: '2026-03-02' });
  });

  it('refuses ambiguous and impossible dates, naming the format expected', () => {
    expect(parseSpreadsheetDate('3/2/2026', undefined)).toEqual({ error: expect.stringContaining('expected YYYY-MM-DD') });
    expect(parseSpreadsheetDate('3/2/26', 'en-US')).toEqual({ error: expect.stringMatching(/two-digit year.*expected YYYY-MM-DD or M\/D\/YYYY/) });
    expect(parseSpreadsheetDate('2/30/2026', 'en-US')).toEqual({
      error: expect.stringMatching(/no such day.*M\/D\/YYYY \(en-US, e\.g\. 3\/2\/2026/),
    });
    expect(parseSpreadsheetDate('02.03.2026', 'en-US')).toEqual({ error: expect.stringContaining('expected') });
    expect(parseSpreadsheetDate('13/2/2026', 'en-US')).toEqual({ error: expect.stringContaining('no such day') });
    expect(parseSpreadsheetDate('0050-01-01', 'en-US')).toEqual({ error: expect.stringContaining('not a plausible year') });
  });

  it('reads th-TH years as Buddhist era, as Excel in Thai writes them, and a Gregorian year as it is', () => {
    expect(parseSpreadsheetDate('3/6/2568', 'th-TH')).toEqual({ date: '2025-06-03' });
    expect(parseSpreadsheetDate('2/3/2569', 'th-TH')).toEqual({ date: '2026-03-02' });
    expect(parseSpreadsheetDate('29/2/2567 14:30', 'th-TH')).toEqual({ date: '2024-02-29' });
    // A sheet set to the Gregorian calendar: below 2400 (1857 CE) the year is not converted a second time.
    expect(parseSpreadsheetDate('3/6/2025', 'th-TH')).toEqual({ date: '2025-06-03' });
    expect(parseSpreadsheetDate('1/1/2399', 'th-TH')).toEqual({ date: '2399-01-01' });
    expect(parseSpreadsheetDate('1/1/2400', 'th-TH')).toEqual({ date: '1857-01-01' });
    expect(expectedDateFormats('th-TH')).toBe('YYYY-MM-DD or D/M/YYYY (th-TH, Buddhist-era years, e.g. 2/3/2569 for 2 March 2026)');
  });

  it('reads ISO dates in th-TH as Gregorian, and refuses a Buddhist-era year in one rather than store it 543 years late', () => {
    expect(parseSpreadsheetDate('2025-06-03', 'th-TH')).toEqual({ date: '2025-06-03' });
    expect(parseSpreadsheetDate('2568-06-03', 'th-TH')).toEqual({
      error: expect.stringContaining('year 2568 is a Buddhist-era year; write YYYY-MM-DD dates with the Gregorian year (2025), or as D/M/YYYY'),
    });
    expect(parseSpreadsheetDate('2568-06-03', 'en-US')).toEqual({ date: '2568-06-03' });
  });

  it('reads the forms hu-HU, ko-KR and bg-BG write, trailing dot and "г." included, with or without their spaces', () => {
    for (const raw of ['2026.03.02.', '2026. 03. 02.', '2026.3.2', '2026. 03. 02. 14:30'])
      expect(parseSpreadsheetDate(raw, 'hu-HU'), raw).toEqual({ date: '2026-03-02' });
    for (const raw of ['2026.3.2.', '2026. 3. 2.', '2026.03.02.']) expect(parseSpreadsheetDate(raw, 'ko-KR'), raw).toEqual({ date: '2026-03-02' });
    for (const raw of ['2.03.2026г.', '2.03.2026 г.', '02.03.2026', '2.3.2026 г. 14:30'])
      expect(parseSpreadsheetDate(raw, 'bg-BG'), raw).toEqual({ date: '2026-03-02' });
    expect(parseSpreadsheetDate('2.3.2026.', 'hr-HR')).toEqual({ date: '2026-03-02' });
    expect(parseSpreadsheetDate('2026年3月2日', 'zh-SG')).toEqual({ date: '2026-03-02' });
    // Another order, another separator or a stray word is still refused.
    expect(parseSpreadsheetDate('02.03.2026.', 'hu-HU')).toEqual({ error: expect.stringContaining('the year must have four digits') });
    expect(parseSpreadsheetDate('2026/3/2', 'ko-KR')).toEqual({ error: expect.stringContaining('not a date in the expected form') });
    expect(parseSpreadsheetDate('2.03.2026 гг.', 'bg-BG')).toEqual({ error: expect.stringContaining('not a date in the expected form') });
    expect(expectedDateFormats('hu-HU')).toBe('YYYY-MM-DD or YYYY. M. D. (hu-HU, e.g. 2026. 03. 02. for 2 March 2026)');
  });

  it('says why a locale whose dates it cannot read without guessing reads ISO dates only', () => {
    expect(parseSpreadsheetDate('٢/٣/٢٠٢٦', 'ar-EG')).toEqual({ error: expect.stringContaining('ar-EG writes digits other than 0-9') });
    expect(parseSpreadsheetDate('1404/12/11', 'fa-IR')).toEqual({ error: expect.stringContaining('fa-IR counts years in the persian calendar') });
    // ky-KG writes 2026-02-03 for 2 March: its own form is refused, so YYYY-MM-DD keeps its one meaning.
    expect(localeDatePattern('ky-KG')).toBeNull();
    expect(parseSpreadsheetDate('2026-2-3', 'ky-KG')).toEqual({ error: expect.stringContaining('which reads as YYYY-MM-DD') });
    expect(parseSpreadsheetDate('2026-03-02', 'ar-EG')).toEqual({ date: '2026-03-02' });
    expect(expectedDateFormats('ar-EG')).toBe('YYYY-MM-DD');
  });

  it('reads back the example it prints, for every locale Intl has data for', { timeout: 60_000 }, () => {
    const locales = intlLocales();
    expect(locales.length).toBeGreaterThan(500);
    const readable = locales.filter((l) => localeDatePattern(l) !== null);
    for (const l of ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'hu-HU', 'ko-KR', 'bg-BG', 'th-TH', 'ja-JP', 'zh-CN', 'pl-PL', 'hr-HR', 'sr-Latn-RS'])
      expect(readable, l).toContain(l);
    const misread = readable.flatMap((l) => {
      const example = localeDatePattern(l)!.example;
      const read = parseSpreadsheetDate(example, l);
      return 'date' in read && read.date === '2026-03-02' ? [] : [`${l}: ${example} → ${JSON.stringify(read)}`];
    });
    expect(misread).toEqual([]);
    // The message quotes that same example.
    expect(parseSpreadsheetDate('x', 'bg-BG')).toEqual({ error: expect.stringContaining('e.g. 2.03.2026 г. for 2 March 2026') });
  });

  it('reads amounts in the locale, refusing malformed grouping', () => {
    expect(parseLocaleNumber('14.250,00', 'de-DE')).toBe(14250);
    expect(parseLocaleNumber('14,250.00', 'en-US')).toBe(14250);
    expect(parseLocaleNumber('4,5', 'de-DE')).toBe(4.5);
    expect(parseLocaleNumber('4,5', 'en-US')).toBeNull();
    expect(parseLocaleNumber('1,2,3', 'en-US')).toBeNull();
  });
});

describe('the jobs CSV from real spreadsheets', () => {
  it('US Excel: M/D/YYYY dates with locale en-US', () => {
    const r = jobs('job_id,customer_name,completed_on\nJ-1,Ann Lee,3/2/2026\nJ-2,Bo Ek,12/31/2025\n', 'en-US');
    expect(r.issues).toEqual([]);
    expect(r.jobs.map((j) => j.completedOn)).toEqual(['2026-03-02', '2025-12-31']);
    expect(r.delimiter).toBe(',');
  });

  it('a European export: ";" separated, DD.MM.YYYY dates, amounts with decimal commas', () => {
    const text = 'job_id;customer_name;completed_on;town;amount\nJ-1;Ann Lee;02.03.2026;Loveland;14.250,00\nJ-2;"Ek, Bo";15.01.2026;Greeley;980,50\n';
    const r = jobs(text, 'de-DE');
    expect(r.issues).toEqual([]);
    expect(r.delimiter).toBe(';');
    expect(r.jobs).toEqual([
      expect.objectContaining({ id: 'J-1', customer: 'Ann Lee', completedOn: '2026-03-02', serviceArea: 'loveland' }),
      expect.objectContaining({ id: 'J-2', customer: 'Ek, Bo', completedOn: '2026-01-15', serviceArea: 'greeley' }),
    ]);
  });

  it('skips rows of empty cells, as Excel writes them after the data (BOM, CRLF), in the jobs and the reviews files', () => {
    const r = jobs('\uFEFFjob_id,customer_name,completed_on,town\r\nJ-1,Ann Lee,3/2/2026,Windsor\r\n,,,\r\n , ,,\r\n', 'en-US');
    expect(r.issues).toEqual([]);
    expect(r.jobs.map((j) => j.id)).toEqual(['J-1']);
    const reviews = parseReviewCsv(
      [{ path: 'reviews.csv', text: '\uFEFFSource ID,Platform,Date,Rating,Author\r\nA-1,yelp,3/2/2026,4,Ann Lee\r\n,,,,\r\n' }],
      { timeZone: 'America/Denver', locale: 'en-US' },
    );
    expect(reviews.issues).toEqual([]);
    expect(reviews.reviews).toHaveLength(1);
  });

  it('tab-separated files are read too', () => {
    expect(parseCsv('a\tb\n1\t2\n').delimiter).toBe('\t');
    expect(jobs('job_id\tcustomer_name\tcompleted_on\nJ-1\tAnn Lee\t2026-03-02\n').jobs).toHaveLength(1);
  });

  it('headers with spaces and capitals match the template columns', () => {
    const r = jobs('Job ID,Customer Name,Completed On,Town\nJ-1,Ann Lee,2026-03-02,Windsor\n');
    expect(r.issues).toEqual([]);
    expect(r.jobs[0]).toMatchObject({ id: 'J-1', customer: 'Ann Lee', serviceArea: 'windsor' });
    expect(headerKey('Customer Name')).toBe(headerKey('customer_name'));
  });

  it('a missing column names the delimiter read and offers the headers that look like it', () => {
    const r = jobs('job_id;customer;completed\nJ-1;Ann;2026-03-02\n');
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]!.message).toMatch(
      /missing column\(s\): customer_name \(did you mean "customer"\?\), completed_on \(did you mean "completed"\?\)/,
    );
    expect(r.issues[0]!.message).toContain('3 column(s) separated by ";"');
  });

  it('reports all bad rows of a file in one run, every bad field of a row', () => {
    const text = [
      'job_id,customer_name,completed_on',
      'J-1,Ann Lee,2026-03-02',
      'J-2,,13/45/2026',
      'J-3,Cy Fu,2/30/2026',
      ',Di Ng,yesterday',
      'J-5,Ed Oh,3/3/2026',
    ].join('\n');
    const r = jobs(text, 'en-US');
    expect(r.issues.map((i) => [i.line, i.field])).toEqual([
      [3, 'customer_name'],
      [3, 'completed_on'],
      [4, 'completed_on'],
      [5, 'job_id'],
      [5, 'completed_on'],
    ]);
    expect(new Set(r.issues.map((i) => i.line)).size).toBe(3);
    expect(r.jobs.map((j) => j.id)).toEqual(['J-1', 'J-5']);
  });
});

describe('the reviews CSV', () => {
  const ctx = { timeZone: 'America/Denver', locale: 'en-US' };
  const head = 'Source ID,Platform,Date,Rating,Author\n';

  it('refuses a fractional rating with the row named, never rounding it', () => {
    const r = parseReviewCsv([{ path: 'r.csv', text: `${head}A-1,yelp,3/2/2026,4.5,Ann Lee\nA-2,yelp,3/2/2026,4,Bo Ek\n` }], ctx);
    expect(r.issues).toEqual([
      expect.objectContaining({ file: 'r.csv', line: 2, recordId: 'A-1', field: 'rating', message: expect.stringContaining('never rounded') }),
    ]);
    expect(r.reviews.map((x) => [x.fields.rating, x.fields.date])).toEqual([[4, '2026-03-02']]);
  });

  it('refuses a fractional rating written with a decimal comma too', () => {
    const r = parseReviewCsv([{ path: 'r.csv', text: 'source_id;platform;date;rating\nA-1;yelp;02.03.2026;4,5\n' }], { ...ctx, locale: 'de-DE' });
    expect(r.issues).toEqual([expect.objectContaining({ line: 2, field: 'rating', message: expect.stringContaining('fractional') })]);
    expect(r.notes).toEqual(['r.csv: columns separated by ";"']);
  });

  it('lists an RFC 3339 timestamp among the forms a review date may take, inside the parenthesis', () => {
    const r = parseReviewCsv([{ path: 'r.csv', text: `${head}A-1,yelp,3/7/25,5,Ann\n` }], ctx);
    expect(r.issues[0]!.message).toMatch(/\(expected YYYY-MM-DD or M\/D\/YYYY \(en-US, e\.g\. [^)]*\), or an RFC 3339 timestamp\)$/);
  });

  it('reads RFC 3339 timestamps in the date columns as before', () => {
    const r = parseReviewCsv([{ path: 'r.csv', text: `${head}A-1,yelp,2025-04-12T22:15:00-06:00,5,Ann\n` }], ctx);
    expect(r.reviews[0]!.fields.date).toBe('2025-04-12');
  });
});

/**
 * Every locale ICU has data for, by language, script and region: a tag without data of its own (de-US) resolves to
 * one with (de) and formats as it does. RelativeTimeFormat resolves to the same data locales as DateTimeFormat
 * (checked below for each one found) at a third of the cost of constructing 80,000 date formats.
 */
function intlLocales(): string[] {
  const az = 'abcdefghijklmnopqrstuvwxyz';
  const pairs = [...az].flatMap((a) => [...az].map((b) => a + b));
  const languages = Intl.DateTimeFormat.supportedLocalesOf([...pairs, ...pairs.flatMap((p) => [...az].map((c) => p + c))]);
  const regionName = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
  const regions = pairs.map((p) => p.toUpperCase()).filter((r) => regionName.of(r) !== undefined);
  const scripts = ['Latn', 'Cyrl', 'Arab', 'Hans', 'Hant', 'Deva', 'Beng', 'Guru', 'Orya', 'Olck', 'Tfng', 'Vaii', 'Adlm', 'Mong'];
  const found = new Set<string>();
  const resolve = (tag: string) => {
    try {
      found.add(new Intl.RelativeTimeFormat(tag).resolvedOptions().locale);
    } catch {
      // a region or script this ICU does not accept with this language
    }
  };
  for (const l of languages) for (const sub of [...regions, ...scripts]) resolve(`${l}-${sub}`);
  for (const tag of [...found]) if (/^[a-z]+-[A-Z][a-z]{3}$/.test(tag)) for (const r of regions) resolve(`${tag}-${r}`);
  const locales = [...found].sort();
  for (const l of locales) expect(new Intl.DateTimeFormat(l).resolvedOptions().locale).toBe(l);
  return locales;
}
