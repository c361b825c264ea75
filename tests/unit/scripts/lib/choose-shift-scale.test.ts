import { describe, expect, it } from 'vitest';
import {
  chooseShiftScale,
  POOLED_COVERAGE_CEILING,
  SCALE_STEP,
  scanShiftScale,
  shiftCases,
  shiftCoverage,
  WRITER_COVERAGE_FLOOR,
} from '../../../../scripts/lib/choose-shift-scale.ts';
import type { HeldOutReading } from '../../../../scripts/lib/cross-fit-reader.ts';
import { createRandom } from '../../../../core/random/create-random.ts';
import type { Polarity } from '../../../../core/schemas/insights-schema.ts';

/**
 * Held-out readings of one aspect by several writers: per writer 90 complaints, 90 praises and 90 sentences about
 * something else. `misread[w]` is how much of a praise's opinion mass that writer's style makes the reader read as
 * a complaint — the writer-to-writer difference the shift stands for — plus a seeded spread per sentence.
 */
function readings(misread: readonly number[]): HeldOutReading[] {
  const random = createRandom(7);
  return misread.flatMap((m, w) =>
    Array.from({ length: 270 }, (_, i): HeldOutReading => {
      const gold: Polarity | null = i % 3 === 0 ? 'negative' : i % 3 === 1 ? 'positive' : null;
      const spread = 0.5 * random();
      const mass =
        gold === 'negative'
          ? [spread / 2, 0.9 - spread / 2]
          : gold === 'positive'
            ? [Math.max(0, 0.9 - m - spread), Math.min(0.9, m + spread)]
            : [0.02, 0.03];
      const writer = `w${w}`;
      const labels = gold ? [{ category: 'cleanup', polarity: gold, term: null, from: null, to: null }] : [];
      return { writer, item: { id: `${writer}-${i}`, writer, review: writer, text: '', labels, split: 'train' }, mass, mentions: [] };
    }),
  );
}

const round2 = (x: number) => Math.round(x * 100) / 100;

describe('chooseShiftScale', () => {
  // ~1.2 s alone, but it simulates thousands of businesses: under a full parallel run on two cores it took over 5 s.
  it('draws the shift wider until every writer is covered, stopping before the pooled coverage passes its ceiling', { timeout: 30_000 }, () => {
    const rs = readings([0.06, 0.09, 0.12, 0.15, 0.18, 0.21, 0.09, 0.12, 0.15]);
    const cases = shiftCases(rs, ['cleanup']);
    const chosen = chooseShiftScale(rs, ['cleanup']);
    expect(shiftCoverage(cases, 1).lowestWriter).toBeLessThan(WRITER_COVERAGE_FLOOR);
    expect(chosen.scale).toBeGreaterThan(1);
    // Every smaller scale left a writer short of the floor…
    for (let s = 1; s < chosen.scale - 1e-9; s = round2(s + SCALE_STEP))
      expect(shiftCoverage(cases, s).lowestWriter).toBeLessThan(WRITER_COVERAGE_FLOOR);
    // …and this one reaches it, or the next would pass the ceiling.
    const next = shiftCoverage(cases, round2(chosen.scale + SCALE_STEP));
    expect(chosen.lowestWriter >= WRITER_COVERAGE_FLOOR || next.pooled > POOLED_COVERAGE_CEILING).toBe(true);
    expect(chosen.pooled).toBeLessThanOrEqual(POOLED_COVERAGE_CEILING);
    expect(chosen.lowestWriter).toBeGreaterThan(shiftCoverage(cases, 1).lowestWriter);
  });

  it('when the rules meet, the pooled ceiling wins: the scan stops with the lowest writer short of the floor', () => {
    // Coverage rising with the scale: the lowest writer would reach 88% only at 1.7, the writers pooled pass 97% at 1.65.
    const coverageAt = (scale: number) => ({ scale, lowestWriter: 0.8 + (scale - 1) * 0.12, pooled: 0.93 + (scale - 1) * 0.065 });
    const chosen = scanShiftScale(coverageAt);
    expect(chosen.scale).toBe(1.6);
    expect(chosen.lowestWriter).toBeLessThan(WRITER_COVERAGE_FLOOR);
    expect(coverageAt(1.65).pooled).toBeGreaterThan(POOLED_COVERAGE_CEILING);
    // Without the ceiling in the way, the floor decides.
    expect(scanShiftScale((scale) => ({ ...coverageAt(scale), pooled: 0.9 })).scale).toBe(1.7);
  });

  it('keeps the measured shift when every writer is covered with it', () => {
    const chosen = chooseShiftScale(readings([0.1, 0.1, 0.1, 0.1, 0.1, 0.1]), ['cleanup']);
    expect(chosen.scale).toBe(1);
    expect(chosen.lowestWriter).toBeGreaterThanOrEqual(WRITER_COVERAGE_FLOOR);
  });
});
