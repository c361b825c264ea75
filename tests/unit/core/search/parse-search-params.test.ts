import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSearchParams } from '../../../../core/search/parse-search-params.ts';
import { parseSinceDate } from '../../../../core/search/parse-since-date.ts';

const issuesOf = (q: string) => {
  const r = parseSearchParams(q);
  return r.ok ? [] : r.issues.map((i) => `${i.path}:${i.code}`);
};

describe('parseSearchParams', () => {
  it('turns strings into typed filters and applies the default limit', () => {
    expect(
      parseSearchParams(
        'rating=4&min_rating=3.5&since=2024-01-01&until=2024-12-31&query=new+roof&mentions_technician=Big%20Dave&mentions_service=gutters&limit=7',
      ),
    ).toEqual({
      ok: true,
      value: {
        rating: 4,
        min_rating: 3.5,
        since: '2024-01-01',
        until: '2024-12-31',
        query: 'new roof',
        mentions_technician: 'Big Dave',
        mentions_service: 'gutters',
        limit: 7,
      },
    });
    expect(parseSearchParams('')).toEqual({ ok: true, value: { limit: 20 } });
  });
  it.each([
    ['rating=4&rating=5', ['rating:repeated_parameter']],
    ['ratings=4', ['ratings:unknown_parameter']],
    ['Rating=4', ['Rating:unknown_parameter']],
    ['query=', ['query:empty_value']],
    ['limit', ['limit:empty_value']],
    ['rating=four', ['rating:invalid_type']],
    ['rating=4.5', ['rating:invalid_type']],
    ['min_rating=abc', ['min_rating:invalid_type']],
    ['min_rating=Infinity', ['min_rating:invalid_type']],
    ['min_rating=1e400', ['min_rating:invalid_type']],
    ['rating=0', ['rating:too_small']],
    ['limit=1000', ['limit:too_big']],
    ['since=2023-02-29', ['since:custom']],
    ['since=2024-02-29', []],
    ['until=24-01-01', ['until:invalid_format']],
    ['since=2024-02-01&until=2024-01-01', ['since:custom']],
    ['since=2024-02-30&until=2024-01-01', ['since:custom']],
    ['rating=9&ratng=1&query=', ['ratng:unknown_parameter', 'query:empty_value', 'rating:too_big']],
  ])('%s → %j', (q, want) => {
    expect(issuesOf(q)).toEqual(want);
  });
  it('suggests the closest parameter for a typo', () => {
    const r = parseSearchParams('mentions_tech=dave');
    expect(!r.ok && r.issues[0]!.message).toContain('"mentions_technician"');
  });
  it('never throws; a failure always carries at least one issue', () => {
    fc.assert(
      fc.property(fc.string(), (q) => {
        const r = parseSearchParams(q);
        if (!r.ok) expect(r.issues.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseSinceDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-1-1', false],
    ['%32%30%32%34-01-01', true],
    ['%E0%A4%A', false],
    ['', false],
    ['../../etc', false],
  ])('%j → %s', (segment, ok) => {
    const r = parseSinceDate(segment);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.issues).toHaveLength(1);
    if (!r.ok) expect(r.issues[0]!.path).toBe('date');
  });
});
