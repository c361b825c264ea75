import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBusiness } from '../../../../core/content/parse-content.ts';
import { parseCsv } from '../../../../core/csv/parse-csv.ts';
import { headerKey } from '../../../../core/csv/read-csv-table.ts';
import { parseLocaleNumber, parseSpreadsheetDate } from '../../../../core/csv/spreadsheet-date.ts';
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
