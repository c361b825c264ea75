import { describe, expect, it } from 'vitest';
import { parseDuration, parseDurationList } from '../../../../core/hub/parse-duration.ts';

describe('parseDuration', () => {
  it('reads units and bare seconds', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('10d')).toBe(864_000_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('3600')).toBe(3_600_000);
    expect(parseDuration('5 minutes')).toBeNull();
    expect(parseDurationList('30s, 5m,30m')).toEqual([30_000, 300_000, 1_800_000]);
    expect(parseDurationList('30s,,x')).toBeNull();
    expect(parseDurationList('')).toBeNull();
  });
});
