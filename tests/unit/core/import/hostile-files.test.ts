/**
 * Issue 26, items 7–11: files owners really have, and files an attacker would hand them. Each test failed
 * on the code before the fix (see the comment on each).
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentError, formatContentIssue, MAX_ISSUES } from '../../../../core/content/content-error.ts';
import { parseBusiness } from '../../../../core/content/parse-content.ts';
import { CSV_LIMITS, parseCsv } from '../../../../core/csv/parse-csv.ts';
import { calendarDateInZone } from '../../../../core/import/calendar-date-in-zone.ts';
import { isTakeoutReviewFile, parseGoogleTakeout } from '../../../../core/import/parse-google-takeout.ts';
import { parseReviewCsv } from '../../../../core/import/parse-review-csv.ts';
import { parseTrustpilot } from '../../../../core/import/parse-trustpilot.ts';
import { createCatalogLookup } from '../../../../core/verify/catalog-lookup.ts';
import { parseJobsCsv } from '../../../../core/verify/parse-jobs-csv.ts';
import { decodeText } from '../../../../core/text/decode-text.ts';
import { MAX_SOURCE_BYTES, readSourceFiles } from '../../../../scripts/lib/read-source-files.ts';
import { fixtureFiles, IMPORT_FIXTURES } from '../../../helpers/import-fixtures.ts';
import { makeZip } from '../../../helpers/make-zip.ts';

const ctx = { timeZone: 'America/Denver' };
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'shingle-hostile-'));
  dirs.push(d);
  return d;
};
const shown = (p: string) => p.split('/').at(-1)!;
const accept = () => true;

describe('7. a file that is not UTF-8', () => {
  // Before: read as UTF-8 with U+FFFD, "José Hernández" imported as author "Jos H.".
  const cp1252 = Buffer.from('source_id,platform,date,rating,author\nA-1,yelp,2025-01-01,5,Jos\xe9 Hern\xe1ndez\n', 'latin1');

  it('is refused with file, line, byte offset and the fix', () => {
    const dir = temp();
    writeFileSync(join(dir, 'reviews.csv'), cp1252);
    let error: unknown;
    try {
      readSourceFiles(join(dir, 'reviews.csv'), accept, shown);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentError);
    const [issue] = (error as ContentError).issues;
    expect(issue).toMatchObject({ file: 'reviews.csv', line: 2 });
    expect(issue!.message).toContain(`byte offset ${cp1252.indexOf(0xe9)}`);
    expect(issue!.message).toContain('CSV UTF-8');
  });

  it('is read in the encoding the owner names', () => {
    const dir = temp();
    writeFileSync(join(dir, 'reviews.csv'), cp1252);
    const files = readSourceFiles(join(dir, 'reviews.csv'), accept, shown, { encoding: 'windows-1252' });
    expect(parseReviewCsv(files, ctx).reviews[0]!.fields.author).toBe('José H.');
  });

  it('finds the first bad byte after valid multi-byte text', () => {
    const bytes = Buffer.concat([Buffer.from('ok é\n€\n'), Buffer.from([0xc3, 0x28])]);
    expect(decodeText(bytes)).toMatchObject({ ok: false, line: 3, message: expect.stringContaining(`byte offset ${bytes.length - 2}`) });
  });
});

describe('7b. a spreadsheet saved as something other than CSV', () => {
  // Before: an .xlsx was "not UTF-8: byte 0x… — or --encoding windows-1252", and that advice led to "missing columns".
  it('refuses a workbook (.xlsx, .xls) by its first bytes, saying to save it as CSV UTF-8', () => {
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), Buffer.from([0xbd, 0xff, 0x00])]);
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00]);
    for (const [bytes, kind] of [
      [xlsx, '.xlsx'],
      [xls, '.xls'],
    ] as const) {
      // Whatever encoding is named: it must not hide the reason (it led to "missing columns" before).
      for (const decoded of [decodeText(bytes), decodeText(bytes, 'windows-1252')]) {
        expect(decoded).toMatchObject({ ok: false, line: 1 });
        const message = (decoded as { message: string }).message;
        expect(message).toContain(kind);
        expect(message).toContain('not a CSV file');
        expect(message).toContain('CSV UTF-8');
        expect(message).not.toContain('windows-1252');
      }
    }
  });

  it('reads a Takeout download saved without .zip as the zip it is', () => {
    const dir = temp();
    const zip = join(dir, 'takeout-download');
    writeFileSync(zip, makeZip(fixtureFiles('takeout-1').map((f) => ({ name: f.path, data: Buffer.from(f.text) }))));
    const files = readSourceFiles(zip, isTakeoutReviewFile, shown, { zipBySignature: true });
    const fromFolder = readSourceFiles(join(IMPORT_FIXTURES, 'takeout-1'), isTakeoutReviewFile, shown);
    expect(parseGoogleTakeout(files, ctx).reviews.map((r) => r.fields.id)).toEqual(
      parseGoogleTakeout(fromFolder, ctx).reviews.map((r) => r.fields.id),
    );
    expect(files.length).toBeGreaterThan(0);
    expect(() => readSourceFiles(zip, isTakeoutReviewFile, shown)).toThrow(/zip archive/);
  });

  it('reads Excel\'s "Unicode Text" (UTF-16 with a byte order mark, tab-separated) without being told', () => {
    const text = 'source_id\tplatform\tdate\trating\tauthor\r\nA-1\tyelp\t2025-01-01\t5\tJosé Hernández\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    for (const bytes of [le, be]) {
      const decoded = decodeText(bytes);
      expect(decoded).toEqual({ ok: true, text });
      const r = parseReviewCsv([{ path: 'r.txt', text: (decoded as { text: string }).text }], ctx);
      expect(r.issues).toEqual([]);
      expect(r.reviews[0]!.fields.author).toBe('José H.');
    }
  });
});

describe('8. a column or key given twice', () => {
  it('refuses a duplicate CSV column, naming it', () => {
    // Before: the last column won, so "rating,rating" with "1,5" imported a 5-star review.
    const r = parseReviewCsv([{ path: 'r.csv', text: 'source_id,platform,date,rating,Rating\nA-1,yelp,2025-01-01,1,5\n' }], ctx);
    expect(r.reviews).toEqual([]);
    expect(r.issues).toEqual([
      expect.objectContaining({ file: 'r.csv', line: 1, field: 'Rating', message: expect.stringContaining('column given twice') }),
    ]);
  });

  it('refuses a duplicate JSON key in a Takeout file, naming key and path', () => {
    // Before: JSON.parse kept the last key, a ONE-star review imported as FIVE.
    const text = '{"reviews":[{"reviewId":"x","starRating":"ONE","starRating":"FIVE","createTime":"2025-01-01T10:00:00Z"}]}';
    const r = parseGoogleTakeout([{ path: 'reviews.json', text }], ctx);
    expect(r.reviews).toEqual([]);
    expect(r.issues).toEqual([
      expect.objectContaining({ file: 'reviews.json', line: 1, message: expect.stringContaining('key "starRating" given twice in reviews.0') }),
    ]);
  });

  it('refuses a duplicate key in business.json', () => {
    expect(() => parseBusiness({ path: 'business.json', text: '{"name":"A","name":"B"}' })).toThrow(/key "name" given twice/);
  });
});

describe('9. CSV bounds', () => {
  it('refuses a header with more columns than the bound, naming the line', () => {
    // Before: parsed without complaint (a million columns exhausted memory).
    const header = Array.from({ length: CSV_LIMITS.maxColumns + 1 }, (_, i) => `c${i}`).join(',');
    expect(() => parseCsv(`${header}\n1,2\n`)).toThrow(/line 1: more than 256 columns/);
  });

  it('refuses a field longer than the bound, quoted or not', () => {
    // Before: a 100 MB field took 3.6 GB, one character at a time.
    const long = 'x'.repeat(CSV_LIMITS.maxFieldChars + 1);
    expect(() => parseCsv(`a,b\n1,${long}\n`)).toThrow(/line 2: a field is longer than 100000 characters/);
    expect(() => parseCsv(`a,b\n1,"${long}"\n`)).toThrow(/line 2: a field is longer/);
    const r = parseReviewCsv([{ path: 'r.csv', text: `source_id,platform,date,rating\nA,yelp,2025-01-01,"${long}"\n` }], ctx);
    expect(r.issues).toEqual([expect.objectContaining({ file: 'r.csv', line: 2, message: expect.stringContaining('longer than') })]);
  });

  it('keeps only the known columns of each row', () => {
    const header = ['source_id', 'platform', 'date', 'rating', ...Array.from({ length: 200 }, (_, i) => `extra${i}`)].join(',');
    const r = parseReviewCsv([{ path: 'r.csv', text: `${header}\nA,yelp,2025-01-01,5\n` }], ctx);
    expect(r.issues).toEqual([]);
    expect(r.reviews).toHaveLength(1);
  });
});

describe('10. terminal escapes in messages', () => {
  it('escapes control characters in every content issue', () => {
    // Before: printed raw; "\x1b[2J" cleared the operator's terminal.
    const line = formatContentIssue({
      file: 'jobs.csv',
      line: 2,
      recordId: '\x1b[2J\x1b]0;pwned\x07',
      field: 'completed_on',
      message: 'bad "\u202eevil"',
    });
    expect(line).toBe('jobs.csv:2 (\\x1b[2J\\x1b]0;pwned\\x07) completed_on: bad "\\u202eevil"');
    expect(line).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
  });

  it('escapes them in the jobs CSV and importer errors as printed', () => {
    const biz = parseBusiness({
      path: 'b.json',
      text: '{"name":"A","url":"https://a.example","telephone":"+1 555 0100 100","serviceAreas":[{"id":"x","name":"X"}],"services":[{"id":"s","name":"S"}]}',
    });
    const jobs = parseJobsCsv({ path: 'j.csv', text: 'job_id,customer_name,completed_on\n"J\x1b[31m",Ann,never\x1b[0m\n' }, createCatalogLookup(biz));
    const printed = new ContentError(jobs.issues).message;
    expect(printed).toContain('\\x1b[31m');
    expect(printed).not.toContain('\x1b');
  });
});

describe('11. years and days that do not exist, files too large', () => {
  it('refuses years 0000–0099 and impossible days', () => {
    // Before: 0050 landed in 1950, 2025-02-30 was returned as is (and rolled over to March 1 in a timestamp).
    expect(calendarDateInZone('0050-06-01T12:00:00Z', 'UTC')).toBeNull();
    expect(calendarDateInZone('0099-06-01', 'UTC')).toBeNull();
    expect(calendarDateInZone('2025-02-30', 'UTC')).toBeNull();
    expect(calendarDateInZone('2025-02-30T10:00:00Z', 'UTC')).toBeNull();
    expect(calendarDateInZone('2024-02-29T10:00:00Z', 'UTC')).toBe('2024-02-29');
  });

  it('refuses a source file over 256 MB by name, without reading it', () => {
    // Before: ERR_STRING_TOO_LONG from readFileSync, naming no file. A sparse file: no disk used.
    const dir = temp();
    const path = join(dir, 'huge.csv');
    const fd = openSync(path, 'w');
    ftruncateSync(fd, MAX_SOURCE_BYTES + 1);
    closeSync(fd);
    expect(() => readSourceFiles(path, accept, shown)).toThrow(/huge\.csv 257 MB is more than the 256 MB a source file may have/);
  });
});

describe('bounded: what a small file can make an import hold (adversarial review, 2026-11-27)', () => {
  it('stops collecting problems at MAX_ISSUES, with a note (a 24 KB zip of empty reviews ran out of memory)', () => {
    const text = JSON.stringify({ reviews: Array.from({ length: 20 * MAX_ISSUES }, () => ({})) });
    const { reviews, issues } = parseGoogleTakeout([{ path: 'reviews.json', text }], ctx);
    expect(reviews).toEqual([]);
    expect(issues.length).toBeLessThanOrEqual(MAX_ISSUES + 1);
    expect(issues.at(-1)!.message).toMatch(/^stopped reading after 1000 problems/);
  });

  it('stops on the rows of a jobs CSV the same way (verify runs on it every night)', () => {
    const text = `job_id,customer_name,completed_on\n${',x,x\n'.repeat(20 * MAX_ISSUES)}`;
    const { issues } = parseJobsCsv(
      { path: 'jobs.csv', text },
      createCatalogLookup(
        parseBusiness({
          path: 'b.json',
          text: '{"name":"A","url":"https://a.example","telephone":"+1 555 0100 100","serviceAreas":[{"id":"x","name":"X"}],"services":[{"id":"s","name":"S"}]}',
        }),
      ),
    );
    expect(issues.length).toBeLessThanOrEqual(MAX_ISSUES + 1);
    expect(issues.at(-1)!.message).toMatch(/^stopped reading after 1000 problems/);
  });

  it('stops on CSV rows the same way', () => {
    const text = `source_id,platform,date,rating\n${',x,x,x\n'.repeat(20 * MAX_ISSUES)}`;
    const { issues } = parseReviewCsv([{ path: 'bad.csv', text }], ctx);
    expect(issues.length).toBeLessThanOrEqual(MAX_ISSUES + 1);
    expect(issues.at(-1)!.message).toMatch(/^stopped reading after 1000 problems/);
  });

  it('reads no more than its budget in all, however many entries the zip lists (one entry listed 24 times took 5.5 GB)', () => {
    const dir = temp();
    const big = 'x'.repeat(1000);
    writeFileSync(join(dir, 'many.zip'), makeZip(Array.from({ length: 24 }, (_, i) => ({ name: `r${String(i).padStart(2, '0')}.json`, data: big }))));
    let error: unknown;
    try {
      readSourceFiles(join(dir, 'many.zip'), accept, shown, { maxBytes: 2000, maxTotalBytes: 5000 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentError);
    const issues = (error as ContentError).issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(/add up to more than the 0 MB one import may read/);
    expect(issues[0]!.file).toBe('many.zip:r05.json'); // five entries of 1,000 bytes fit; the sixth does not
  });

  it('refuses a pipe or a device instead of reading it forever (`import csv /dev/zero`)', () => {
    let error: unknown;
    try {
      readSourceFiles('/dev/zero', accept, shown);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).issues[0]!.message).toMatch(/not a regular file/);
  });
});

describe('one id, one review (adversarial review, 2026-11-27)', () => {
  const header = 'source_id,platform,date,rating,author,text';
  it('refuses two different CSV rows under one id, naming both lines (the later one vanished without a word)', () => {
    const text = `${header}\nc1,yelp,2025-01-01,1,Ann Lee,Leaked again\nc1,yelp,2025-01-02,5,Bo Ek,Great crew\n`;
    const { reviews, issues } = parseReviewCsv([{ path: 'dup.csv', text }], ctx);
    expect(reviews.map((r) => r.fields.rating)).toEqual([1]);
    expect(issues).toEqual([
      {
        file: 'dup.csv',
        line: 3,
        recordId: 'c1',
        field: 'source_id',
        message: 'also the id of a different review on line 2: give each review its own id',
      },
    ]);
  });

  it('takes the same row in two files whatever their column order or empty columns, and an edit with a later updated date', () => {
    const one = { path: 'a.csv', text: `${header}\nc1,yelp,2025-01-01,5,Ann Lee,Great crew\n` };
    const reordered = { path: 'b.csv', text: 'text,rating,date,platform,source_id,author,url\nGreat crew,5,2025-01-01,yelp,c1,Ann Lee,\n' };
    expect(parseReviewCsv([one, reordered], ctx).issues).toEqual([]);
    const edited = `source_id,platform,date,rating,author,text,updated\nc1,yelp,2025-01-01,5,Ann Lee,Great crew,\nc1,yelp,2025-01-01,4,Ann Lee,Good crew,2025-02-01\n`;
    expect(parseReviewCsv([{ path: 'e.csv', text: edited }], ctx).issues).toEqual([]);
  });

  it('takes the same row twice as one review, and one id on two platforms as two', () => {
    const row = 'c1,yelp,2025-01-01,5,Ann Lee,Great crew';
    expect(parseReviewCsv([{ path: 'twice.csv', text: `${header}\n${row}\n${row}\n` }], ctx).issues).toEqual([]);
    const two = parseReviewCsv([{ path: 'two.csv', text: `${header}\n${row}\nc1,houzz,2025-01-02,4,Bo Ek,Fine\n` }], ctx);
    expect(two.issues).toEqual([]);
    expect(two.reviews).toHaveLength(2);
  });
});

describe('Trustpilot: only the business own reviews (adversarial review, 2026-11-27)', () => {
  const review = (id: string, unit: string, name: string) => ({
    id,
    stars: 5,
    text: 'Great pizza',
    createdAt: '2025-01-01T12:00:00Z',
    isVerified: true,
    consumer: { displayName: 'Ann Lee' },
    businessUnit: { id: unit, displayName: name },
  });
  const file = (...reviews: object[]) => [{ path: 'tp.json', text: JSON.stringify({ reviews }) }];

  it('refuses a review of another business unit than business.json names (it was published as platform-verified)', () => {
    const { reviews, issues } = parseTrustpilot(file(review('t1', 'pizza-1', 'Pizza Palace')), { ...ctx, trustpilotBusinessUnitId: 'roof-9' });
    expect(reviews).toEqual([]);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ file: 'tp.json', recordId: 't1', field: 'reviews.0.businessUnit.id' });
    expect(issues[0]!.message).toContain("business unit pizza-1 (Pizza Palace), not roof-9 (business.json's, or --business-unit)");
  });

  it('refuses a file mixing two business units when business.json names none, and takes one unit alone', () => {
    const mixed = parseTrustpilot(file(review('t1', 'roof-9', 'Summit Ridge'), review('t2', 'pizza-1', 'Pizza Palace')), ctx);
    expect(mixed.issues.map((i) => i.recordId)).toEqual(['t2']);
    expect(mixed.issues[0]!.message).toContain('while the reviews before it are of roof-9 (Summit Ridge)');
    expect(parseTrustpilot(file(review('t1', 'roof-9', 'Summit Ridge')), { ...ctx, trustpilotBusinessUnitId: 'roof-9' }).issues).toEqual([]);
  });
});

describe('messages, not crashes (adversarial review, 2026-11-27)', () => {
  it('says a text is too long to read when every byte is fine (it crashed reading a byte past the end)', () => {
    // The decoder's failure for a string past V8's longest, made small: a TextDecoder that throws on well-formed bytes.
    const original = globalThis.TextDecoder;
    class Failing extends original {
      override decode(): string {
        throw new RangeError('Invalid string length');
      }
    }
    globalThis.TextDecoder = Failing as typeof TextDecoder;
    try {
      expect(decodeText(Buffer.from('a,b\n1,2\n'))).toEqual({
        ok: false,
        line: 1,
        message: 'too long to read as one text: split the file into smaller ones',
      });
    } finally {
      globalThis.TextDecoder = original;
    }
  });
});

describe('Google Takeout: one location at a time (adversarial review, 2026-11-27)', () => {
  const file = (location: string, id: string) => ({
    path: `Takeout/Google Business Profile/account-1/${location}/reviews.json`,
    text: JSON.stringify({
      reviews: [
        {
          name: `accounts/1/${location}/reviews/${id}`,
          reviewId: id,
          reviewer: { displayName: 'Ann Lee' },
          starRating: 'FIVE',
          comment: 'Good',
          createTime: '2025-01-01T12:00:00Z',
          updateTime: '2025-01-01T12:00:00Z',
        },
      ],
    }),
  });

  it('refuses an export of two locations, naming them (a bakery was imported beside a roofer)', () => {
    const { reviews, issues } = parseGoogleTakeout([file('location-555', 'a'), file('location-777', 'b')], ctx);
    expect(reviews).toEqual([]);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toContain('the reviews of 2 locations (location-555, location-777)');
  });

  it('takes one location, under one account or two', () => {
    const twoAccounts = [
      file('location-555', 'a'),
      { ...file('location-555', 'a'), path: 'Takeout/Google Business Profile/account-2/location-555/reviews.json' },
    ];
    expect(parseGoogleTakeout(twoAccounts, ctx).issues).toEqual([]);
  });
});
