/** Combining marks without width (accents, diaeresis, cedilla…): Unicode general category Mn. */
const NONSPACING_MARKS = /\p{Mn}/gu;

/**
 * The one normalisation behind `query` and `mentions_technician`: Unicode canonical decomposition
 * (NFD), then every nonspacing combining mark removed, then `toLowerCase()`. So "ÉTÉ", "été" and
 * "ete" all fold to "ete", "Ⅻ" stays itself, and "ß" stays "ß" (no full case folding).
 * A query matches when its folded form is a substring of the folded review text.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(NONSPACING_MARKS, '').toLowerCase();
}
