import { describe, expect, it } from 'vitest';
import { countPeriods, periodOf, summarizeRatings } from '../../../../../sidecar/mcp/internal/rating-trend.ts';

const reviews = [
  { date: '2024-05-20', rating: 5 },
  { date: '2024-05-02', rating: 4 },
  { date: '2024-02-10', rating: 1 },
  { date: '2023-12-31', rating: 3 },
];

describe('rating trend', () => {
  it('labels months and quarters like /insights.json', () => {
    expect(periodOf('2024-05-20', 'month')).toBe('2024-05');
    expect(periodOf('2024-05-20', 'quarter')).toBe('2024-Q2');
    expect(periodOf('2024-12-01', 'quarter')).toBe('2024-Q4');
    expect(countPeriods('2023-12-31', '2024-05-20', 'month')).toBe(6);
    expect(countPeriods('2023-12-31', '2024-05-20', 'quarter')).toBe(3);
  });

  it('summarises the whole range with empty periods filled, oldest first', () => {
    const s = summarizeRatings(reviews, {}, 'month');
    expect(s.rating).toMatchObject({ average: 3.25, count: 4, histogram: { '1': 1, '2': 0, '3': 1, '4': 1, '5': 1 } });
    expect([s.from, s.to]).toEqual(['2023-12-31', '2024-05-20']);
    expect(s.trend.map((p) => [p.period, p.count, p.average])).toEqual([
      ['2023-12', 1, 3],
      ['2024-01', 0, null],
      ['2024-02', 1, 1],
      ['2024-03', 0, null],
      ['2024-04', 0, null],
      ['2024-05', 2, 4.5],
    ]);
    expect(s.trend[1]).toMatchObject({ from: '2024-01-01', to: '2024-01-31' });
    expect(s.trend[2]).toMatchObject({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('honours since/until as the range, even past the data', () => {
    const s = summarizeRatings(reviews, { since: '2024-01-01', until: '2024-09-30' }, 'quarter');
    expect(s.rating.count).toBe(3);
    expect([s.from, s.to]).toEqual(['2024-01-01', '2024-09-30']);
    expect(s.trend.map((p) => [p.period, p.from, p.to, p.count])).toEqual([
      ['2024-Q1', '2024-01-01', '2024-03-31', 1],
      ['2024-Q2', '2024-04-01', '2024-06-30', 2],
      ['2024-Q3', '2024-07-01', '2024-09-30', 0],
    ]);
  });

  it('is empty without reviews and bounds', () => {
    expect(summarizeRatings([], {}, 'month')).toMatchObject({ from: null, to: null, trend: [], rating: { count: 0, average: 0 } });
  });
});
