import { createRandom, normalDraw, type Random } from '../../random/create-random.ts';
import type { AspectRates, BinaryRates } from './binary-rates.ts';
import { paccCount } from './pacc-count.ts';
import { ratioPacc } from './ratio-pacc.ts';

/** What one review (or any group of sentences) contributes: calibrated opinion mass per aspect, and its sentences. */
export interface OpinionUnit {
  /** Per aspect `a` of the inventory: the summed probability of a positive opinion at `2a`, of a negative one at `2a + 1`. */
  mass: ArrayLike<number>;
  /** Sentences the reader read. */
  sentences: number;
}

export interface ShareOptions {
  /** Spread of the share's error between writers that the rates do not explain (added to every replicate). */
  shiftSd?: number;
  /**
   * The part of that spread's variance one business's aspects share (0–1): a writer the reader misreads tends to be
   * misread the same way on every aspect. It leaves each aspect's interval as it is, and keeps a shift that moves
   * every aspect alike from deciding which is worst. Absent: 0 (each aspect shifted on its own).
   */
  shiftShared?: number;
  /** Bootstrap replicates. */
  replicates: number;
  /** Central interval level, e.g. 0.9. */
  level: number;
  seed: number;
  /** Below this many estimated opinions no share is published. */
  minOpinions: number;
  /** A leader (worst, best) needs at least this many estimated opinions on its side… */
  minLeaderOpinions: number;
  /** …and to lead in at least this share of the replicates. */
  leaderSupport: number;
}

export interface ShareInterval {
  estimate: number;
  low: number;
  high: number;
}

export interface AspectEstimate {
  /** Estimated positive and negative opinions (corrected counts, not rounded). */
  positive: number;
  negative: number;
  /** Negative ÷ (positive + negative) with its interval; null below `minOpinions`. */
  share: ShareInterval | null;
}

/** Which aspect leads (is worst, or best) across the replicates. */
export interface Leader {
  /** The aspect's index when it leads in at least `leaderSupport` of the replicates, else null. */
  index: number | null;
  /** Per aspect index, the share of replicates it led in (aspects with a share, largest first). */
  support: { index: number; share: number }[];
  /** The aspect that leads often enough but has too few estimated opinions on its side to be named (else null). */
  tooFew: number | null;
}

export interface ShareEstimates {
  /** Per aspect of the inventory; null where the reader has no measured rates (nothing can be corrected). */
  aspects: (AspectEstimate | null)[];
  worst: Leader;
  best: Leader;
}

/** Reviews are pooled into at most this many blocks before resampling: the bootstrap costs the same at 1,000 and 100,000 reviews. */
const MAX_BLOCKS = 2000;
/** Rates drawn for a replicate keep at least this gap (a draw with tpr ≤ fpr would make the correction meaningless). */
const MIN_DRAWN_GAP = 0.05;

/**
 * Corrected opinion counts and negative shares per aspect, with bootstrap intervals that carry every
 * source of doubt we can measure: which reviews happened to be written (units resampled with
 * replacement), how the reader errs on writers it has not seen (rates drawn from their measured spread),
 * and how far the corrected share still moved between held-out writers (`shiftSd`, partly shared by the
 * aspects: `shiftShared`). The number of opinions is PACC on the opinion mass; the negative share is the
 * ratio correction of its polarity (ratio-pacc.ts). Deterministic: a fixed seed and a fixed order.
 */
export function estimateShares(units: readonly OpinionUnit[], rates: readonly (AspectRates | null)[], o: ShareOptions): ShareEstimates {
  const r = replicateShares(units, rates, o);
  const draws = rates.map((_, a) => shiftedShares(r, a, o.shiftSd ?? 0, o.shiftShared ?? 0));
  const aspects = r.point.map((p, a) => {
    if (!p) return null;
    const opinions = p.positive + p.negative;
    return {
      positive: p.positive,
      negative: p.negative,
      share: opinions >= o.minOpinions && p.share !== null ? shareInterval(p.share, draws[a]!, o.level) : null,
    };
  });
  // Every aspect with a share competes; only one with enough opinions on its side may be named.
  const compared = aspects.flatMap((e, a) => (e?.share ? [a] : []));
  const enough = (side: 'positive' | 'negative') => (a: number) => aspects[a]![side] >= o.minLeaderOpinions;
  return {
    aspects,
    worst: leader(compared, enough('negative'), draws, o, (x, y) => x > y),
    best: leader(compared, enough('positive'), draws, o, (x, y) => x < y),
  };
}

/** The bootstrap of estimateShares before the writer shift is added. */
export interface ShareReplicates {
  /** Per aspect: the point estimate (null where the aspect has no rates). */
  point: ({ share: number | null; positive: number; negative: number } | null)[];
  /** Per aspect, per replicate: the corrected share (null where there was no opinion mass)… */
  shares: (number | null)[][];
  /** …and the standard normal draw of the writer shift that is the aspect's own… */
  shifts: number[][];
  /** …and, per replicate, the one its aspects share. */
  sharedShifts: number[];
}

/**
 * The replicates behind estimateShares: units resampled, rates drawn, the share corrected, and a normal draw
 * for the writer shift — kept apart from its size so that `npm run train` can try several sizes of shift on
 * the same replicates (choose-shift-scale.ts). Same seed, same draws, in the same order.
 */
export function replicateShares(
  units: readonly OpinionUnit[],
  rates: readonly (AspectRates | null)[],
  o: Pick<ShareOptions, 'replicates' | 'seed'>,
): ShareReplicates {
  const width = rates.length * 2;
  const blocks = poolBlocks(units, width);
  const total = sumBlocks(blocks, width, null);
  const point = rates.map((r, a) => (r ? counts(total.mass, total.sentences, a, r.opinion, r.polarity) : null));
  const random = createRandom(o.seed);
  const shares: (number | null)[][] = rates.map(() => []);
  const shifts: number[][] = rates.map(() => []);
  const sharedShifts: number[] = [];
  const pick = new Int32Array(blocks.length);
  for (let b = 0; b < o.replicates; b++) {
    for (let i = 0; i < pick.length; i++) pick[i] = Math.floor(random() * blocks.length);
    const s = sumBlocks(blocks, width, pick);
    sharedShifts.push(normalDraw(random));
    rates.forEach((r, a) => {
      if (!r) return;
      const c = counts(s.mass, s.sentences, a, drawRates(r.opinion, random), drawRates(r.polarity, random));
      shares[a]!.push(c.share);
      shifts[a]!.push(c.share === null ? 0 : normalDraw(random));
    });
  }
  return { point, shares, shifts, sharedShifts };
}

/**
 * Aspect `a`'s replicates with a writer shift of standard deviation `shiftSd` added, kept within 0–1; `shared` of
 * its variance comes from the draw all aspects share (each aspect's shift is standard normal times `shiftSd`
 * whatever `shared` is: only how the aspects move together changes).
 */
export function shiftedShares(r: ShareReplicates, a: number, shiftSd: number, shared = 0): (number | null)[] {
  const part = Math.min(1, Math.max(0, shared));
  const common = Math.sqrt(part);
  const own = Math.sqrt(1 - part);
  return r.shares[a]!.map((x, b) =>
    x === null ? null : Math.min(1, Math.max(0, x + shiftSd * (common * r.sharedShifts[b]! + own * r.shifts[a]![b]!))),
  );
}

/** Estimated opinions (PACC on the opinion mass) split by the corrected negative share. */
function counts(
  mass: Float64Array,
  sentences: number,
  a: number,
  opinion: Pick<BinaryRates, 'tpr' | 'fpr'>,
  polarity: Pick<BinaryRates, 'tpr' | 'fpr'>,
) {
  const positiveMass = mass[2 * a]!;
  const negativeMass = mass[2 * a + 1]!;
  const opinions = paccCount(positiveMass + negativeMass, sentences, opinion);
  const share = ratioPacc(negativeMass, positiveMass, polarity);
  return { share, positive: opinions * (1 - (share ?? 0)), negative: opinions * (share ?? 0) };
}

/** Rates a writer we have not seen might have: normal around the measured ones, within [0, 1], tpr kept above fpr. */
function drawRates(r: BinaryRates, random: Random): { tpr: number; fpr: number } {
  const fpr = Math.min(1 - MIN_DRAWN_GAP, Math.max(0, r.fpr + r.fprSd * normalDraw(random)));
  const tpr = Math.min(1, Math.max(fpr + MIN_DRAWN_GAP, r.tpr + r.tprSd * normalDraw(random)));
  return { tpr, fpr };
}

interface Block {
  mass: Float64Array;
  sentences: number;
}

/** Units pooled round-robin into at most MAX_BLOCKS blocks (one unit per block when there are fewer). */
function poolBlocks(units: readonly OpinionUnit[], width: number): Block[] {
  const n = Math.min(units.length, MAX_BLOCKS);
  const blocks = Array.from({ length: n }, () => ({ mass: new Float64Array(width), sentences: 0 }));
  units.forEach((u, i) => {
    const block = blocks[i % n]!;
    for (let k = 0; k < width; k++) block.mass[k]! += u.mass[k] ?? 0;
    block.sentences += u.sentences;
  });
  return blocks;
}

/** Sums of all blocks, or of the blocks `pick` names (with repeats). */
function sumBlocks(blocks: readonly Block[], width: number, pick: Int32Array | null): Block {
  const out = { mass: new Float64Array(width), sentences: 0 };
  const n = pick ? pick.length : blocks.length;
  for (let i = 0; i < n; i++) {
    const block = blocks[pick ? pick[i]! : i]!;
    for (let k = 0; k < width; k++) out.mass[k]! += block.mass[k]!;
    out.sentences += block.sentences;
  }
  return out;
}

/** The central `level` interval of the replicates (percentile bootstrap), widened to hold the point estimate. */
export function shareInterval(estimate: number, replicates: readonly (number | null)[], level: number): ShareInterval {
  const sorted = replicates.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return { estimate, low: 0, high: 1 };
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
  const tail = (1 - level) / 2;
  return { estimate, low: Math.min(estimate, at(tail)), high: Math.max(estimate, at(1 - tail)) };
}

/** Counts, per replicate, which eligible aspect leads (`before(x, y)`: x ranks ahead of y). */
function leader(
  compared: readonly number[],
  mayLead: (a: number) => boolean,
  draws: readonly (number | null)[][],
  o: ShareOptions,
  before: (x: number, y: number) => boolean,
): Leader {
  // One aspect alone is worst and best at once: "most" and "top" need another to be compared with.
  if (compared.length < 2) return { index: null, support: [], tooFew: null };
  const wins = new Map(compared.map((a) => [a, 0]));
  for (let b = 0; b < o.replicates; b++) {
    let best = -1;
    for (const a of compared) {
      const x = draws[a]![b];
      if (x === null || x === undefined) continue;
      if (best < 0 || before(x, draws[best]![b]!)) best = a;
    }
    if (best >= 0) wins.set(best, wins.get(best)! + 1);
  }
  const support = [...wins]
    .map(([index, n]) => ({ index, share: n / Math.max(1, o.replicates) }))
    .sort((x, y) => y.share - x.share || x.index - y.index);
  const top = support[0];
  const leads = top !== undefined && top.share >= o.leaderSupport;
  return { index: leads && mayLead(top.index) ? top.index : null, support, tooFew: leads && !mayLead(top.index) ? top.index : null };
}
