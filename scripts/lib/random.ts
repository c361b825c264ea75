/** Sampling helpers over the project's one PRNG (core/random/create-random.ts: seed it there). */
import type { Random } from '../../core/random/create-random.ts';

/** One item, uniformly. */
export const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

/** Picks an index by weight. */
export function pickWeighted(rnd: Random, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rnd() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}
