import { describe, expect, it } from 'vitest';
import {
  estimateShares,
  replicateShares,
  shareInterval,
  shiftedShares,
  type OpinionUnit,
} from '../../../../../core/insights/quantify/estimate-shares.ts';
import type { AspectRates } from '../../../../../core/insights/quantify/binary-rates.ts';
import { SHARE_RULES } from '../../../../../core/insights/quantify/share-rules.ts';

const rates = (fpr: number, tpr: number): AspectRates => {
  const r = { tpr, fpr, tprSd: 0.05, fprSd: 0.05, prior: 0.4, positives: 100, negatives: 100 };
  return { opinion: { ...r, tpr: 0.6, fpr: 0.02 }, polarity: r };
};

/** Two aspects: 120 reviews, the first with a third of its opinion mass negative, the second with a tenth. */
const units: OpinionUnit[] = Array.from({ length: 120 }, (_, i) => ({
  mass: [i % 3 === 0 ? 0 : 0.8, i % 3 === 0 ? 0.8 : 0, i % 10 === 0 ? 0 : 0.7, i % 10 === 0 ? 0.7 : 0],
  sentences: 2,
}));
const aspectRates = [rates(0.15, 0.85), rates(0.2, 0.8)];

describe('estimateShares and its replicates', () => {
  it('are the same bootstrap: the replicates, shifted and cut to an interval, give the published interval exactly', () => {
    for (const shiftSd of [0, 0.08, 0.2]) {
      const published = estimateShares(units, aspectRates, { ...SHARE_RULES, shiftSd });
      const r = replicateShares(units, aspectRates, SHARE_RULES);
      aspectRates.forEach((_, a) => {
        const share = published.aspects[a]!.share!;
        expect(r.point[a]!.share).toBe(share.estimate);
        expect(shareInterval(r.point[a]!.share!, shiftedShares(r, a, shiftSd), SHARE_RULES.level)).toEqual(share);
      });
    }
  });

  it('a wider writer shift gives a wider interval around the same estimate', () => {
    const narrow = estimateShares(units, aspectRates, { ...SHARE_RULES, shiftSd: 0.05 }).aspects[0]!.share!;
    const wide = estimateShares(units, aspectRates, { ...SHARE_RULES, shiftSd: 0.15 }).aspects[0]!.share!;
    expect(wide.estimate).toBe(narrow.estimate);
    expect(wide.high - wide.low).toBeGreaterThan(narrow.high - narrow.low + 0.05);
  });

  it('a shift the aspects share keeps each interval as wide, and moves them together', () => {
    const width = (x: { low: number; high: number }) => x.high - x.low;
    const own = estimateShares(units, aspectRates, { ...SHARE_RULES, shiftSd: 0.15 });
    const shared = estimateShares(units, aspectRates, { ...SHARE_RULES, shiftSd: 0.15, shiftShared: 1 });
    aspectRates.forEach((_, a) => {
      // the same distribution, another draw: equal within the bootstrap's own noise
      expect(Math.abs(width(shared.aspects[a]!.share!) - width(own.aspects[a]!.share!))).toBeLessThan(0.05);
    });
    const r = replicateShares(units, aspectRates, SHARE_RULES);
    const [first, second] = [0, 1].map((a) => shiftedShares(r, a, 0.15, 1));
    const inside = (x: number | null) => x !== null && x > 0 && x < 1;
    r.shares[0]!.forEach((x, b) => {
      const y = r.shares[1]![b]!;
      if (x === null || y === null || !inside(first![b]!) || !inside(second![b]!)) return;
      expect(first![b]! - second![b]!).toBeCloseTo(x - y, 12);
    });
  });

  it('names neither a worst nor a best aspect when only one has a share: there is nothing to compare it with', () => {
    const alone = units.map((u) => ({ ...u, mass: [u.mass[0]!, u.mass[1]!, 0, 0] }));
    const e = estimateShares(alone, aspectRates, SHARE_RULES);
    expect(e.aspects[0]!.share).not.toBeNull();
    expect(e.aspects[1]!.share).toBeNull();
    expect(e.worst).toEqual({ index: null, support: [], tooFew: null });
    expect(e.best).toEqual({ index: null, support: [], tooFew: null });
    // With the second aspect measured again, the first (a third negative against a tenth) is named worst.
    expect(estimateShares(units, aspectRates, SHARE_RULES).worst.index).toBe(0);
  });

  it('names a leader only with enough opinions on its side, and says which one leads on too few', () => {
    const named = estimateShares(units, aspectRates, SHARE_RULES);
    expect(named.worst).toMatchObject({ index: 0, tooFew: null });
    const strict = estimateShares(units, aspectRates, { ...SHARE_RULES, minLeaderOpinions: 10_000 });
    expect(strict.worst).toMatchObject({ index: null, tooFew: 0 });
    expect(strict.worst.support).toEqual(named.worst.support);
  });

  it('a shared shift does not make the worst aspect less certain, and an own one does', () => {
    // 600 reviews: the first aspect a third negative, the second a quarter — close, but clear at this size
    const close: OpinionUnit[] = Array.from({ length: 600 }, (_, i) => ({
      mass: [i % 3 === 0 ? 0 : 0.8, i % 3 === 0 ? 0.8 : 0, i % 4 === 0 ? 0 : 0.8, i % 4 === 0 ? 0.8 : 0],
      sentences: 2,
    }));
    const same = [rates(0.15, 0.85), rates(0.15, 0.85)];
    const support = (shiftShared: number) =>
      estimateShares(close, same, { ...SHARE_RULES, shiftSd: 0.2, shiftShared }).worst.support.find((s) => s.index === 0)?.share ?? 0;
    expect(support(1)).toBeGreaterThan(support(0.5));
    expect(support(0.5)).toBeGreaterThan(support(0));
    expect(support(1) - support(0)).toBeGreaterThan(0.1);
  });

  it('draws each shift as sqrt(shared) of the common draw and sqrt(1 - shared) of its own, the part kept within 0–1', () => {
    const r = { point: [{ share: 0.5, positive: 50, negative: 50 }], shares: [[0.5]], shifts: [[1]], sharedShifts: [2] };
    expect(shiftedShares(r, 0, 0.1, 0.3)[0]).toBeCloseTo(0.5 + 0.1 * (Math.sqrt(0.3) * 2 + Math.sqrt(0.7) * 1), 12);
    expect(shiftedShares(r, 0, 0.1, 0)[0]).toBeCloseTo(0.6, 12);
    expect(shiftedShares(r, 0, 0.1, 1.5)[0]).toBeCloseTo(0.7, 12);
    expect(shiftedShares(r, 0, 0.1, -1)[0]).toBeCloseTo(0.6, 12);
  });
});
