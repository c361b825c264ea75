import { RARE_SEPARATOR, WORD, buildWordIndex, type WordIndex } from './build-word-index.ts';

const SURROGATE = /[\uD800-\uDFFF]/;

/** How a word of the query must relate to a word of the text for the query to occur there. */
type RunMode = 'substring' | 'prefix' | 'suffix' | 'exact';

/**
 * One necessary condition on a document: it holds for the documents in any of the given ranges
 * of `docs` (start, end, start, end, …). Applying it lifts mark[d] from k to k + 1, so after all
 * constraints are applied in order the candidates are exactly the documents at the last level.
 * `cost` is the number of postings it reads.
 */
export interface TextConstraint {
  cost: number;
  apply(mark: Uint8Array, k: number): void;
}

/**
 * What the index knows about one folded query. With no constraints, every document in range must
 * be checked with `includes`. With `exact`, the constraints are the answer and no check is needed.
 */
export interface TextPlan {
  constraints: TextConstraint[];
  exact: boolean;
}

/**
 * Query planning over the word index (build-word-index.ts); exact by construction, not heuristic.
 *
 * A query without separators can only occur inside one word of the text, so the documents are
 * exactly those having a word that contains it. With separators, an occurrence pins every query
 * word: one in the middle is a whole text word, the first a suffix of one, the last a prefix of
 * one, and two consecutive query words sit in two adjacent text words with exactly the query's
 * separator between them. For a query of two words with nothing before or after them that pair
 * condition is also sufficient; otherwise the conditions narrow the candidates, which are then
 * checked with `includes`. Queries containing surrogate code units skip the index (a lone
 * surrogate could sit inside an astral letter of the text).
 */
export class TextIndex {
  readonly #index: WordIndex;
  /** Word ids ordered by word, and by reversed word, for prefix and suffix lookups. */
  readonly #byWord: Uint32Array;
  readonly #byReversed: Uint32Array;
  readonly #reversed: string[];
  /** Above these many postings a constraint narrows too little to be worth applying. */
  readonly #ceiling: number;

  constructor(texts: readonly string[]) {
    this.#index = buildWordIndex(texts);
    const { words } = this.#index;
    this.#reversed = words.map(reverse);
    this.#byWord = sortedIds(words);
    this.#byReversed = sortedIds(this.#reversed);
    this.#ceiling = Math.max(1024, texts.length * 3);
  }

  /** Plans the lookup of a folded query (see TextPlan). */
  plan(folded: string): TextPlan {
    if (SURROGATE.test(folded)) return { constraints: [], exact: false };
    const matches = [...folded.matchAll(WORD)].slice(0, 120);
    if (matches.length === 0) return { constraints: [], exact: false };
    const runs = matches.map((m, i) => {
      const start = m.index;
      const end = start + m[0].length;
      const mode: RunMode = start > 0 ? (end < folded.length ? 'exact' : 'prefix') : end < folded.length ? 'suffix' : 'substring';
      const separatorAfter = i + 1 < matches.length ? folded.slice(end, matches[i + 1]!.index) : undefined;
      return { ids: this.#wordsFor(m[0], mode), separatorAfter, covered: false };
    });

    const constraints: TextConstraint[] = [];
    let pairsApplied = 0;
    for (let i = 0; i + 1 < runs.length; i++) {
      const pair = this.#pairConstraint(runs[i]!.ids, runs[i]!.separatorAfter!, runs[i + 1]!.ids);
      if (!pair) continue;
      constraints.push(pair);
      runs[i]!.covered = runs[i + 1]!.covered = true;
      pairsApplied++;
    }
    let runsSkipped = 0;
    const { wordStart, wordDocs } = this.#index;
    for (const run of runs) {
      if (run.covered) continue;
      const ranges = run.ids.flatMap((id) => [wordStart[id]!, wordStart[id + 1]!]);
      const constraint = rangesConstraint(wordDocs, ranges);
      if (constraint.cost > this.#ceiling) runsSkipped++;
      else constraints.push(constraint);
    }
    const bare = matches[0]!.index === 0 && matches.at(-1)!.index + matches.at(-1)![0].length === folded.length;
    const exact = bare && ((runs.length === 1 && runsSkipped === 0) || (runs.length === 2 && pairsApplied === 1));
    return { constraints, exact };
  }

  /** Documents where a word of `firstIds` is followed, after exactly `separator`, by a word of `nextIds`. */
  #pairConstraint(firstIds: number[], separator: string, nextIds: number[]): TextConstraint | undefined {
    const { separators, pairStart, pairNext, pairSep, pairDocStart, pairDocs } = this.#index;
    const sep = separators.get(separator);
    // Never seen between two words: no document can hold the query. (Unless the table is full and
    // the separator was merged into the rare ones: then no constraint can be drawn from pairs.)
    if (sep === undefined) return separators.size >= RARE_SEPARATOR ? undefined : rangesConstraint(pairDocs, []);
    const next = new Set(nextIds);
    const ranges: number[] = [];
    for (const id of firstIds) {
      for (let p = pairStart[id]!; p < pairStart[id + 1]!; p++) {
        if (pairSep[p] === sep && next.has(pairNext[p]!)) ranges.push(pairDocStart[p]!, pairDocStart[p + 1]!);
      }
    }
    const constraint = rangesConstraint(pairDocs, ranges);
    return constraint.cost > this.#ceiling * 3 ? undefined : constraint;
  }

  #wordsFor(run: string, mode: RunMode): number[] {
    const words = this.#index.words;
    switch (mode) {
      case 'exact': {
        const id = this.#byWord[lowerBoundWord(this.#byWord, words, run)];
        return id !== undefined && words[id] === run ? [id] : [];
      }
      case 'prefix':
        return withPrefix(this.#byWord, words, run);
      case 'suffix':
        return withPrefix(this.#byReversed, this.#reversed, reverse(run));
      case 'substring': {
        const out: number[] = [];
        for (let id = 0; id < words.length; id++) if (words[id]!.includes(run)) out.push(id);
        return out;
      }
    }
  }
}

/** The documents listed in ranges of `docs`; with no ranges, a constraint no document meets. */
function rangesConstraint(docs: Uint32Array, ranges: number[]): TextConstraint {
  let cost = 0;
  for (let r = 0; r < ranges.length; r += 2) cost += ranges[r + 1]! - ranges[r]!;
  return {
    cost,
    apply(mark, k) {
      for (let r = 0; r < ranges.length; r += 2) {
        for (let j = ranges[r]!, end = ranges[r + 1]!; j < end; j++) {
          const d = docs[j]!;
          if (mark[d] === k) mark[d] = k + 1;
        }
      }
    },
  };
}

function withPrefix(order: Uint32Array, words: string[], prefix: string): number[] {
  const out: number[] = [];
  for (let i = lowerBoundWord(order, words, prefix); i < order.length; i++) {
    const id = order[i]!;
    if (!words[id]!.startsWith(prefix)) break;
    out.push(id);
  }
  return out;
}

function reverse(s: string): string {
  let out = '';
  for (let i = s.length - 1; i >= 0; i--) out += s[i];
  return out;
}

/** Word ids in code-unit order of the words, the order `startsWith` ranges follow. */
function sortedIds(words: string[]): Uint32Array {
  const ids = Uint32Array.from(words.keys());
  return ids.sort((a, b) => (words[a]! < words[b]! ? -1 : words[a]! > words[b]! ? 1 : 0));
}

function lowerBoundWord(order: Uint32Array, words: string[], value: string): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[order[mid]!]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
