import type { BinaryRates } from './binary-rates.ts';
import { MIN_RATE_GAP } from './pacc-count.ts';

/**
 * The negative share of the opinions on an aspect, corrected for how the reader confuses praise and
 * complaint: the opinion mass's negative fraction `q` (probability-weighted), adjusted as
 * `(q − fpr) / (tpr − fpr)` where tpr (fpr) is that fraction on held-out opinions that are negative
 * (positive). The adjusted-count idea of PACC applied to polarity within the opinions, so the sentences
 * that say nothing about the aspect — most of them — do not enter the correction.
 */
export function ratioPacc(negativeMass: number, positiveMass: number, rates: Pick<BinaryRates, 'tpr' | 'fpr'>): number | null {
  const total = negativeMass + positiveMass;
  if (total <= 0) return null;
  const gap = Math.max(MIN_RATE_GAP, rates.tpr - rates.fpr);
  return Math.min(1, Math.max(0, (negativeMass / total - rates.fpr) / gap));
}
