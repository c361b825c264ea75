import type { AnalyzedReview } from './analyze-review.ts';

/** A warranty term a review states, e.g. "10-year workmanship warranty", found in one sentence. */
export interface WarrantyTerm {
  label: string;
  sentence: number;
  /** Character offset of the sentence in the review text. */
  start: number;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  five: 5,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  'twenty-five': 25,
  thirty: 30,
  forty: 40,
  fifty: 50,
};
const WARRANTY = /\b(warrant(y|ies|ied)|guarantee[ds]?)\b/i;
const LENGTH = /\b(\d{1,2}|one|two|three|five|ten|fifteen|twenty|twenty-five|thirty|forty|fifty)[- ](?:year|yr)s?\b|\b(lifetime|life-time)\b/i;
const KIND: readonly [RegExp, string][] = [
  [/\b(workmanship|labou?r|installation)\b/i, 'workmanship'],
  [/\b(manufacturer'?s?|material|materials|shingle|gaf|owens corning|certainteed)\b/i, 'manufacturer'],
];

/**
 * Warranty terms stated in a review's sentences: a length ("10-year", "lifetime") and/or a kind
 * (workmanship, manufacturer) in a sentence that names a warranty or guarantee. One label per
 * sentence; a sentence that names a warranty without a term gives nothing — the FAQ quotes what
 * customers say the terms are, not how they feel about them.
 */
export function findWarrantyTerms(a: AnalyzedReview): WarrantyTerm[] {
  const out: WarrantyTerm[] = [];
  a.sentences.forEach((s, sentence) => {
    const text = a.review.text.slice(s.start, s.end);
    if (!WARRANTY.test(text)) return;
    const length = LENGTH.exec(text);
    const kind = KIND.find(([re]) => re.test(text))?.[1];
    if (!length && !kind) return;
    let years = '';
    if (length?.[2]) years = 'lifetime';
    else if (length?.[1]) years = `${NUMBER_WORDS[length[1].toLowerCase()] ?? Number(length[1])}-year`;
    out.push({ label: [years, kind, 'warranty'].filter(Boolean).join(' '), sentence, start: s.start });
  });
  return out;
}
