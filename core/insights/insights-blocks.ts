/**
 * Blocks of reviews the build keeps the insights' partials by (insights-partial.ts): a review's block is fixed by its id
 * alone, so a new, edited or removed review changes one block's partial and the others are reused. Enough blocks that
 * reading one again is a small part of a large business's reviews (3% at 32), few enough that merging every block's
 * partial stays cheap (their phrase tallies overlap).
 */
export const INSIGHTS_BLOCKS = 32;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The block of the review with id `id`: FNV-1a of its UTF-16 code units, modulo INSIGHTS_BLOCKS. */
export function insightsBlockOf(id: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return (hash >>> 0) % INSIGHTS_BLOCKS;
}

/** The indexes of `ids` per block, each block in the order given (the published order). */
export function insightsBlocks(ids: readonly string[]): number[][] {
  const blocks: number[][] = Array.from({ length: INSIGHTS_BLOCKS }, () => []);
  ids.forEach((id, i) => blocks[insightsBlockOf(id)]!.push(i));
  return blocks;
}
