/**
 * The tuning of ranked search, in one place (documented with the measured figures in docs/sidecar.md).
 * Typo tolerance and prefixes are decided per query word, so a short word never drags in half the
 * vocabulary: one edit from 4 letters, two from 6, prefixes only on the last word from 3 letters.
 */
export const FIND_OPTIONS = {
  /** Minimum word length for one edit of typo tolerance (shorter words must be exact). */
  fuzzyMinLength: 4,
  /** Minimum word length for two edits. */
  fuzzy2MinLength: 6,
  /** Hard cap on the edit distance (minisearch `maxFuzzy`). */
  maxFuzzy: 2,
  /** The last query word also matches as a prefix ("inspec" → inspection) from this length. */
  prefixMinLength: 3,
  /** minisearch weights of fuzzy and prefix matches relative to an exact match (1). */
  weights: { fuzzy: 0.45, prefix: 0.375 },
  /**
   * A review matches when the query words it contains carry at least this share of the query's
   * weight, each word weighing its rarity (BM25 idf): most of the words, the rare ones counting most.
   * When no review reaches it, the reviews with any of the words are ranked instead.
   */
  minWordShare: 0.5,
  /** Query words beyond this many are ignored (they would only slow the query down). */
  maxQueryTerms: 8,
  /** Field boosts: a title word counts this many times a text word. */
  titleBoost: 2,
  /**
   * A review that mentions a matched catalog entry scores like a text word with this field boost:
   * the entry counts as one occurrence, weighted by its own rarity (BM25 idf over the reviews).
   */
  entityBoost: { technician: 2, service: 1.5, area: 1.2 },
  /** Field boosts inside the catalog: the display name over aliases and synonyms. */
  entityFieldBoost: { name: 2, aliases: 1.5, keywords: 1 },
  /** BM25+ parameters (minisearch's defaults). */
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
} as const;
