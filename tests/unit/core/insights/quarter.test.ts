import { describe, expect, it } from 'vitest';
import { quarterOf, quarterRange } from '../../../../core/insights/quarter.ts';

describe('quarters', () => {
  it('labels dates and fills the range between two quarters', () => {
    expect(quarterOf('2024-03-31')).toBe('2024-Q1');
    expect(quarterOf('2024-10-01')).toBe('2024-Q4');
    expect(quarterRange('2023-Q4', '2024-Q2')).toEqual(['2023-Q4', '2024-Q1', '2024-Q2']);
    expect(quarterRange('2024-Q2', '2024-Q2')).toEqual(['2024-Q2']);
  });
});
