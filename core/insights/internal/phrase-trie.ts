import { tokenize, type Token } from '../tokenize.ts';

interface TrieNode<T> {
  next: Map<string, TrieNode<T>>;
  /** Children reached by a word that starts with a prefix (lexicon entries ending in `*`). */
  prefixes: [string, TrieNode<T>][];
  value?: T;
}

/** Longest-match dictionary of multi-word phrases over tokens. */
export interface PhraseTrie<T> {
  root: TrieNode<T>;
}

/** A phrase found in a token list. */
export interface PhraseMatch<T> {
  /** Number of tokens the phrase covers. */
  length: number;
  value: T;
}

const node = <T>(): TrieNode<T> => ({ next: new Map(), prefixes: [] });

/**
 * Builds a phrase dictionary. Phrases are tokenized exactly like review text, so "no-show",
 * "no show" and "No Show" are one key; apostrophes are optional ("cant" = "can't"); a final `*`
 * makes the last word a prefix ("communicat*"). When the same phrase is added twice the first
 * value is kept, so callers list their entries in priority order.
 */
export function buildPhraseTrie<T>(entries: Iterable<readonly [string, T]>): PhraseTrie<T> {
  const root = node<T>();
  for (const [phrase, value] of entries) {
    const words = tokenize(phrase.replace(/\*$/, ''))
      .filter((t) => t.word)
      .map((t) => t.norm);
    if (words.length === 0) continue;
    const wildcard = phrase.endsWith('*');
    for (const variant of spellings(words)) {
      let n = root;
      variant.forEach((w, i) => {
        if (wildcard && i === variant.length - 1) {
          let child = n.prefixes.find(([p]) => p === w)?.[1];
          if (!child) n.prefixes.push([w, (child = node<T>())]);
          n = child;
        } else {
          let child = n.next.get(w);
          if (!child) n.next.set(w, (child = node<T>()));
          n = child;
        }
      });
      if (n.value === undefined) n.value = value;
    }
  }
  return { root };
}

/** The longest phrase starting at token `i` (word tokens only; punctuation breaks a phrase). */
export function matchPhrase<T>(trie: PhraseTrie<T>, tokens: readonly Token[], i: number): PhraseMatch<T> | null {
  return walk(trie.root, tokens, i, i, null);
}

// Iterative along exact words; recursion only where a node has prefix (`*`) children, which are rare.
function walk<T>(start: TrieNode<T>, tokens: readonly Token[], from: number, k: number, best: PhraseMatch<T> | null): PhraseMatch<T> | null {
  let n: TrieNode<T> | undefined = start;
  while (n) {
    if (n.value !== undefined && k > from && (!best || k - from > best.length)) best = { length: k - from, value: n.value };
    const t = tokens[k];
    if (!t || !t.word) break;
    for (const [prefix, c] of n.prefixes) if (t.norm.startsWith(prefix)) best = walk(c, tokens, from, k + 1, best);
    n = n.next.get(t.norm);
    k++;
  }
  return best;
}

/** The phrase as written plus, for words with an apostrophe, the way people type it without one. */
function spellings(words: string[]): string[][] {
  const bare = words.map((w) => w.replace(/'/g, ''));
  return bare.some((w, i) => w !== words[i]) ? [words, bare] : [words];
}
