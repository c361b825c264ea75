/** A seeded pseudo-random source in [0, 1): the same seed gives the same sequence on every machine. */
export type Random = () => number;

/**
 * mulberry32: a 32-bit state, fast, and good enough for sampling and bootstraps (not for secrets).
 * The one PRNG of the project: the generator, the benches and the insights' bootstrap all use it, so a
 * seed means the same thing everywhere.
 */
export function createRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller) from a uniform source. */
export function normalDraw(random: Random): number {
  const u = 1 - random(); // (0, 1]: log(0) never happens
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
