import { describe, expect, it } from 'vitest';
import { capIssues } from '../../../../core/http/cap-issues.ts';
import { sinceBoundary } from '../../../../core/search/since-boundary.ts';

describe('sinceBoundary (issue 12, item 2)', () => {
  const dates = ['2026-11-10', '2026-11-10', '2025-01-01', '2020-03-12'];
  it.each([
    ['1001-01-01', '2020-03-12'],
    ['2020-03-11', '2020-03-12'],
    ['2020-03-12', '2020-03-12'],
    ['2023-06-01', '2023-06-01'],
    ['2026-11-10', '2026-11-10'],
    ['2026-11-11', '2026-11-11'],
    ['2026-11-12', '2026-11-11'],
    ['2999-12-31', '2026-11-11'],
  ])('%s → %s', (date, want) => {
    expect(sinceBoundary(dates, date)).toBe(want);
  });
  it('with no reviews every date is its own', () => {
    expect(sinceBoundary([], '1001-01-01')).toBe('1001-01-01');
  });
});

describe('capIssues (issue 12, item 6)', () => {
  const issue = (i: number) => ({ path: `p${i}`, code: 'unknown_parameter', message: 'unknown parameter' });
  it('keeps up to 20, then counts the rest in one issue', () => {
    expect(capIssues(Array.from({ length: 20 }, (_, i) => issue(i)))).toHaveLength(20);
    const capped = capIssues(Array.from({ length: 22 }, (_, i) => issue(i)));
    expect(capped).toHaveLength(21);
    expect(capped[20]).toEqual({ path: '', code: 'too_many_issues', message: '2 more issues not shown' });
    expect(capIssues(Array.from({ length: 21 }, (_, i) => issue(i)))[20]!.message).toBe('1 more issue not shown');
  });
});
