import type { BinaryRates } from './binary-rates.ts';

/** Below this gap between tpr and fpr the reader cannot tell the target apart: no correction is attempted. */
export const MIN_RATE_GAP = 0.05;

/**
 * Probabilistic adjusted classify-and-count (PACC; Bella et al. 2010, the probabilistic form of Forman's
 * ACC and of Rogan–Gladen 1978): the number of the `units` sentences that carry the target, from the sum
 * of their calibrated scores, `(mass − fpr·units) / (tpr − fpr)`, clipped to [0, units].
 */
export function paccCount(mass: number, units: number, rates: Pick<BinaryRates, 'tpr' | 'fpr'>): number {
  const gap = Math.max(MIN_RATE_GAP, rates.tpr - rates.fpr);
  return Math.min(units, Math.max(0, (mass - rates.fpr * units) / gap));
}
