import { describe, expect, it } from 'vitest';
import { measureShift, sharedPart, type HeldOutReading, type WriterResiduals } from '../../../../scripts/lib/cross-fit-reader.ts';
import { createRandom } from '../../../../core/random/create-random.ts';
import type { Polarity } from '../../../../core/schemas/insights-schema.ts';

/** A writer whose aspects are each off by `residual`, measured without sampling error. */
const writer = (...residuals: number[]): WriterResiduals => ({
  residuals,
  sampling: residuals.map(() => 0),
  pairs: residuals.flatMap((x, j) => residuals.slice(j + 1).map((y) => x * y)),
});

describe('sharedPart: how much of the writer shift the aspects of one writer have in common', () => {
  it('is all of it when every aspect of each writer is off by the same amount', () => {
    expect(sharedPart([writer(0.1, 0.1, 0.1), writer(-0.1, -0.1), writer(0.05, 0.05)])).toBe(1);
  });

  it('is none of it when the aspects of each writer are off in opposite directions', () => {
    expect(sharedPart([writer(0.1, -0.1), writer(-0.1, 0.1), writer(0.05, -0.05)])).toBe(0);
  });

  it('what the sampling errors of two aspects share is not counted: pairs that are only sampling covariance give none', () => {
    const sampled = (x: number): WriterResiduals => ({ residuals: [x, x], sampling: [0, 0], pairs: [0] });
    expect(sharedPart([sampled(0.1), sampled(-0.1), sampled(0.05)])).toBe(0);
  });

  it('is the median over resampled writers: writers who disagree give about their pooled ratio', () => {
    // half the writers are off alike on both aspects, half on one aspect only: pooled, 0.005 / 0.0075 = 2/3
    const writers = Array.from({ length: 12 }, (_, k) => (k % 2 ? writer(0.1, 0.1) : writer(0.1, 0)));
    expect(sharedPart(writers)).toBeGreaterThan(0.55);
    expect(sharedPart(writers)).toBeLessThan(0.78);
  });

  it('is 0 when fewer than two writers have two aspects measured', () => {
    expect(sharedPart([writer(0.1), writer(0.2), writer(0.1, 0.1)])).toBe(0);
  });
});

/**
 * Held-out readings of two aspects by six writers, 120 complaints and 120 praises of each aspect per writer (one
 * aspect a sentence). `misread(w, a)` is the share of a praise's mass that writer w's style makes the reader read as
 * a complaint on aspect a, plus a seeded spread per sentence.
 */
function readings(misread: (w: number, a: number) => number): HeldOutReading[] {
  const random = createRandom(11);
  const aspects = ['cleanup', 'price'];
  return Array.from({ length: 6 }, (_, w) =>
    Array.from({ length: 480 }, (_, i): HeldOutReading => {
      const a = i % 2;
      const gold: Polarity = i % 4 < 2 ? 'negative' : 'positive';
      const spread = 0.3 * random();
      const [p, n] =
        gold === 'negative' ? [spread / 3, 0.9 - spread / 3] : [Math.max(0, 0.9 - misread(w, a) - spread), Math.min(0.9, misread(w, a) + spread)];
      const mass = a === 0 ? [p, n, 0, 0] : [0, 0, p, n];
      const id = `w${w}-${i}`;
      const labels = [{ category: aspects[a]!, polarity: gold, term: null, from: null, to: null }];
      return { writer: `w${w}`, item: { id, writer: `w${w}`, review: id, text: '', labels, split: 'train' }, mass, mentions: [] };
    }),
  ).flat();
}

describe('measureShift', () => {
  const aspects = ['cleanup', 'price'];
  const level = [0.05, 0.3, 0.1, 0.4, 0.15, 0.35];

  it('finds the shift shared when each writer is misread alike on every aspect', () => {
    const { shiftSd, shared } = measureShift(
      readings((w) => level[w]!),
      aspects,
    );
    expect(shiftSd).toBeGreaterThan(0.05);
    expect(shared).toBeGreaterThan(0.5);
  });

  it('finds none shared when a writer misread on one aspect is read well on the other', () => {
    const { shiftSd, shared } = measureShift(
      readings((w, a) => (a === 0 ? level[w]! : level[5 - w]!)),
      aspects,
    );
    expect(shiftSd).toBeGreaterThan(0.05);
    expect(shared).toBe(0);
  });
});
