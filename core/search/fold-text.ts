/** Combining marks without width (accents, diaeresis, cedilla…): Unicode general category Mn. */
const NONSPACING_MARKS = /\p{Mn}/gu;

/**
 * The one normalisation behind `query`, `mentions_technician`, ranked search (`find`) and their MCP
 * tools: Unicode compatibility decomposition (NFKD, the decomposition NFKC starts with), then every
 * nonspacing combining mark removed, then `toLowerCase()`. So "ÉTÉ", "été" and "ete" all fold to
 * "ete", full-width "ＲＯＯＦ" to "roof", the ligature "ﬁ" to "fi" and "Ⅻ" to "xii"; "ß" stays "ß"
 * (no full case folding). A query matches when its folded form is a substring of the folded review text.
 * Names are folded the same way (foldName below): the verify matcher, the MCP prompts and completions and
 * the `mentions_technician` filter all mean the same person by the same spelling.
 */
export function foldText(text: string): string {
  // ASCII has no decomposition and no combining mark: lowercasing is all there is (the home page folds every review).
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(NONSPACING_MARKS, '').toLowerCase();
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * A name (technician, service, customer) as lookups compare it: foldText, then surrounding white space
 * dropped, so " Big Dave " and "BIG DAVE" name the same technician everywhere.
 */
export function foldName(name: string): string {
  return foldText(name).trim();
}
