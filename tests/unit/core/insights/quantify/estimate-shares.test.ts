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
});
