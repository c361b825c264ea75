import { foldText } from '../../search/fold-text.ts';

/** A word: letters, combining marks and digits (so "été" and "Ⅻ" stay one word, "new-roof" is two). */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;
/** Longer "words" are noise (hashes, URLs run together); they are cut, so a query cannot build huge terms. */
export const MAX_TERM_LENGTH = 40;

/**
 * Words so common in English reviews that they carry no ranking signal; left out of the index
 * (fewer, shorter posting lists) and out of queries ("the roof" = "roof").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by did do for from had has have he her him his how i if in into is it its me ' +
    'my no of on or our she so than that the their them then there they this to too us was we were what when ' +
    'which who will with you your'
  ).split(' '),
);

/** Folds one word as the index does: foldText (NFD, marks removed, lower case), cut to MAX_TERM_LENGTH. */
export function foldTerm(word: string): string {
  return foldText(word).slice(0, MAX_TERM_LENGTH);
}

/** The index terms of a text, in order, stop words and empty folds left out (duplicates kept). */
export function termsOf(text: string, fold: (word: string) => string = foldTerm): string[] {
  const out: string[] = [];
  for (const word of text.split(NOT_WORD)) {
    if (word === '') continue;
    const term = fold(word);
    if (term !== '' && !STOP_WORDS.has(term)) out.push(term);
  }
  return out;
}

/** A fold function that remembers its answers: real texts repeat a small vocabulary. */
export function cachedFold(): (word: string) => string {
  const cache = new Map<string, string>();
  return (word) => {
    let term = cache.get(word);
    if (term === undefined) {
      term = foldTerm(word);
      if (cache.size < 500_000) cache.set(word, term);
    }
    return term;
  };
}

/** Offsets of the words of `text` whose folded form is in `terms`, in text order. */
export function highlightOffsets(text: string, terms: ReadonlySet<string>): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  if (terms.size === 0) return out;
  for (const m of text.matchAll(WORD)) {
    if (terms.has(foldTerm(m[0]))) out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}
