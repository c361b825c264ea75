import { describe, expect, it } from 'vitest';
import type { AspectInsight, ShareTrend } from '../../../../core/schemas/insights-schema.ts';
import { layoutAspects } from '../../../../site/lib/page-charts.ts';

const share = (estimate: number) => ({ estimate, low: Math.max(0, estimate - 0.2), high: Math.min(1, estimate + 0.2) });
/** An aspect with a share and a trend whose points have these negative shares. */
function withTrend(direction: ShareTrend['direction'], shares: number[], granularity: ShareTrend['granularity'] = 'quarter'): AspectInsight {
  const periods = {
    quarter: ['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4'],
    'half-year': ['2025-H1', '2025-H2', '2026-H1', '2026-H2'],
    year: ['2023', '2024', '2025', '2026'],
  }[granularity];
  return {
    id: 'workmanship',
    label: 'Workmanship',
    negativeShare: share(0.3),
    opinions: { estimate: 200, positive: 140, negative: 60 },
    inWords: 'About 1 in 3 of 200 opinions on workmanship are negative (10–50%).',
    shareTrend: { granularity, direction, points: shares.map((s, i) => ({ period: periods[i]!, opinions: 50, negativeShare: share(s) })) },
  } as AspectInsight;
}

describe('layoutAspects: the trend in words the line can back', () => {
  it('says which way an unclear trend went, and "no clear change" only when the line barely moves', () => {
    expect(layoutAspects([withTrend('steady', [0.105, 0.406, 0.484, 0.469])])[0]!.trend!.words).toBe('worse lately, but not by enough to be sure');
    expect(layoutAspects([withTrend('steady', [0.5, 0.4, 0.3, 0.42])])[0]!.trend!.words).toBe('better lately, but not by enough to be sure');
    expect(layoutAspects([withTrend('steady', [0.3, 0.5, 0.2, 0.33])])[0]!.trend!.words).toBe('no clear change');
    expect(layoutAspects([withTrend('declining', [0.1, 0.2, 0.5, 0.7])])[0]!.trend!.words).toBe('getting worse');
    expect(layoutAspects([withTrend('improving', [0.7, 0.5, 0.2, 0.1])])[0]!.trend!.words).toBe('improving');
    // The same five-point change reads the same wherever it lies (points are published in thousandths).
    for (const [from, to] of [
      [0.3, 0.35],
      [0.5, 0.55],
    ])
      expect(layoutAspects([withTrend('steady', [from!, 0.4, 0.4, to!])])[0]!.trend!.words).toBe('worse lately, but not by enough to be sure');
    expect(layoutAspects([withTrend('steady', [0.35, 0.4, 0.4, 0.3])])[0]!.trend!.words).toBe('better lately, but not by enough to be sure');
    expect(layoutAspects([withTrend('steady', [0.3, 0.4, 0.4, 0.349])])[0]!.trend!.words).toBe('no clear change');
  });

  it('names the span in months, not period codes', () => {
    expect(layoutAspects([withTrend('steady', [0.3, 0.3, 0.3, 0.3])])[0]!.trend!.span).toBe('Jan 2026 – Dec 2026');
    expect(layoutAspects([withTrend('steady', [0.3, 0.3, 0.3, 0.3], 'half-year')])[0]!.trend!.span).toBe('Jan 2025 – Dec 2026');
    expect(layoutAspects([withTrend('steady', [0.3, 0.3, 0.3, 0.3], 'year')])[0]!.trend!.span).toBe('Jan 2023 – Dec 2026');
    // …ending at the newest review, not at the end of its period.
    expect(layoutAspects([withTrend('steady', [0.3, 0.3, 0.3, 0.3], 'year')], '2026-02-14')[0]!.trend!.span).toBe('Jan 2023 – Feb 2026');
  });
});

describe('layoutAspects: the sentence in parts', () => {
  it('keeps the interval apart, so the page never breaks a line inside it', () => {
    const row = layoutAspects([withTrend('steady', [0.3, 0.3, 0.3, 0.3])])[0]!;
    expect(row.words).toEqual({ text: 'About 1 in 3 of 200 opinions on workmanship are negative ', interval: '(10–50%)', end: '.' });
    expect(row.words.text + row.words.interval + row.words.end).toBe(row.inWords);
    const none = layoutAspects([
      { ...withTrend('steady', [0.3]), negativeShare: null, shareTrend: null, inWords: 'Not enough opinions yet on workmanship to give a share.' },
    ])[0]!;
    expect(none.words).toEqual({ text: 'Not enough opinions yet on workmanship to give a share.', interval: null, end: '' });
  });
});
