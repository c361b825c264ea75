/**
 * Frequent function words of the languages reviews of a North American or European business are most
 * often written in. Enough to label a review's language for `lang` attributes and insights (which read
 * English only); not a general language identifier.
 */
const STOPWORDS: Record<string, string[]> = {
  en: ['the', 'and', 'was', 'were', 'they', 'our', 'with', 'very', 'for', 'great', 'roof', 'would'],
  es: ['el', 'la', 'los', 'las', 'que', 'muy', 'con', 'por', 'para', 'una', 'fue', 'nuestro', 'trabajo', 'y'],
  fr: ['le', 'la', 'les', 'des', 'et', 'est', 'très', 'avec', 'pour', 'une', 'nous', 'travail', 'toit'],
  de: ['der', 'die', 'das', 'und', 'ist', 'sehr', 'mit', 'für', 'wir', 'nicht', 'ein', 'eine', 'dach'],
  pt: ['o', 'os', 'as', 'que', 'muito', 'com', 'para', 'uma', 'foi', 'nosso', 'não', 'trabalho', 'e'],
  it: ['il', 'lo', 'gli', 'che', 'molto', 'con', 'per', 'una', 'è', 'stato', 'lavoro', 'tetto', 'e'],
  pl: ['i', 'w', 'na', 'że', 'bardzo', 'się', 'jest', 'był', 'dach', 'praca', 'polecam', 'nie'],
  nl: ['de', 'het', 'een', 'en', 'zeer', 'met', 'voor', 'niet', 'wij', 'dak', 'werk', 'goed'],
  vi: ['và', 'của', 'rất', 'là', 'có', 'không', 'được', 'tốt', 'mái', 'nhà'],
};

/**
 * The language of a text as a tag ("es"), or "und" when the evidence is too thin: at least two
 * function-word hits, and more than any other language.
 */
export function detectLanguage(text: string): string {
  const words = text
    .toLocaleLowerCase('en')
    .split(/[^\p{L}\p{M}]+/u)
    .filter((w) => w !== '');
  let best = 'und';
  let bestScore = 1;
  let tie = false;
  for (const [lang, list] of Object.entries(STOPWORDS)) {
    const set = new Set(list);
    const score = words.reduce((n, w) => n + (set.has(w) ? 1 : 0), 0);
    if (score > bestScore) [best, bestScore, tie] = [lang, score, false];
    else if (score === bestScore && score > 1) tie = true;
  }
  return tie ? 'und' : best;
}
