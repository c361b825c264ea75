import { describe, expect, it } from 'vitest';
import type { ContentError } from '../../../../core/content/content-error.ts';
import { parseContent } from '../../../../core/content/parse-content.ts';
import { businessFile, businessText, contentErrorOf, record, reviewsFile } from '../../../helpers/sample-model.ts';

const biz = businessFile;
const file = (lines: unknown[]) => reviewsFile(lines);
const errorOf = (lines: unknown[]) => contentErrorOf(lines);

describe('parseContent', () => {
  const good = record({ id: 'r-1', date: '2023-05-01' });

  it('accepts valid content and keeps file and line of each record', () => {
    const parsed = parseContent(biz, [file([good, '', record({ id: 'r-2', date: '2023-05-02' })])]);
    expect(parsed.records.map((r) => [r.record.id, r.line])).toEqual([
      ['r-1', 1],
      ['r-2', 3],
    ]);
  });

  it('reads a file saved with CRLF line ends (a Windows editor) as the same records, on the same lines', () => {
    const lf = file([good, '', record({ id: 'r-2', date: '2023-05-02' })]);
    const crlf = { ...lf, text: lf.text.replace(/\n/g, '\r\n') };
    const read = (f: typeof lf) => parseContent(biz, [f]).records.map((r) => [r.record, r.line]);
    expect(read(crlf)).toEqual(read(lf));
  });

  it.each([
    ['an impossible date', { date: '2023-02-30' }, /2023\.jsonl:2 \(r-bad\) date: must be a real calendar date/],
    ['rating 6', { rating: 6 }, /2023\.jsonl:2 \(r-bad\) rating: Too big/],
    ['a fractional rating', { rating: 4.5 }, /2023\.jsonl:2 \(r-bad\) rating:/],
    ['an unknown technician id', { technicians: ['bob'] }, /2023\.jsonl:2 \(r-bad\) technicians\.0: unknown technician id "bob"/],
    ['an unknown service id', { services: ['painting'] }, /2023\.jsonl:2 \(r-bad\) services\.0: unknown service id "painting"/],
    ['a full surname as author', { author: 'Maria Gonzalez' }, /2023\.jsonl:2 \(r-bad\) author:/],
    ['an email as author', { author: 'maria@example.com' }, /2023\.jsonl:2 \(r-bad\) author:/],
  ])('rejects %s naming file, line, record and field', (_name, change, pattern) => {
    expect(errorOf([good, { ...record({ id: 'r-bad', date: '2023-05-03' }), ...change }])).toMatch(pattern);
  });

  it('says one thing of a date not written YYYY-MM-DD (it also said "must be a real calendar date", which 2025-03-07 is)', () => {
    const error = errorOf([good, { ...record({ id: 'r-bad', date: '2023-05-03' }), date: '2025-3-7' }]);
    expect(error).toMatch(/2023\.jsonl:2 \(r-bad\) date: must be a date written YYYY-MM-DD/);
    expect(error).not.toContain('real calendar date');
  });

  it('rejects a record without verification', () => {
    const { verification: _v, ...rest } = record({ id: 'r-nov', date: '2023-05-03' });
    expect(errorOf([good, rest])).toMatch(/2023\.jsonl:2 \(r-nov\) verification:/);
  });

  it('rejects a duplicate id, pointing at the first use', () => {
    expect(errorOf([good, good])).toMatch(/2023\.jsonl:2 \(r-1\) id: duplicate id, first used at content\/reviews\/2023\.jsonl:1/);
  });

  it('rejects a line that is not JSON', () => {
    expect(errorOf([good, '{"id": "r-2",'])).toMatch(/2023\.jsonl:2 not valid JSON/);
    // The place is on the file's line 2, not "line 1": each line is parsed alone.
    const missingColon = errorOf([good, '{"id" "r-2"}']);
    expect(missingColon).toMatch(/2023\.jsonl:2 not valid JSON: Expected ':' after property name in JSON at column 7/);
    expect(missingColon).not.toContain('line 1');
    expect(errorOf([good, `    {"id" "r-2"}`])).toMatch(/at column 11/); // indented: the column is the file's
  });

  it('rejects unknown fields (a typo must not be silently dropped)', () => {
    expect(errorOf([{ ...good, ratting: 5 }])).toMatch(/2023\.jsonl:1 \(r-1\)/);
  });

  it('reports every problem at once', () => {
    try {
      parseContent(biz, [file([{ ...good, rating: 0 }, { ...record({ id: 'r-2', date: '2023-13-01' }) }])]);
      expect.unreachable();
    } catch (e) {
      expect([...new Set((e as ContentError).issues.map((i) => i.line))]).toEqual([1, 2]);
    }
  });

  it('names business.json fields', () => {
    const broken = JSON.parse(businessText);
    broken.technicians.push({ ...broken.technicians[0] });
    expect(() => parseContent({ path: 'content/business.json', text: JSON.stringify(broken) }, [])).toThrow(
      /content\/business\.json technicians\.8\.id: duplicate id "marco"/,
    );
  });
});
