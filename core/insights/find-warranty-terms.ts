import type { AnalyzedReview } from './analyze-review.ts';
import { forEachSentenceText, type SentenceFact } from './sentence-fact.ts';
import { WARRANTY_KINDS, WARRANTY_LENGTH, WARRANTY_NUMBER_WORDS, WARRANTY_WORDS } from './lexicon/fact-patterns.ts';

/** A warranty term a review states, e.g. "10-year workmanship warranty", found in one sentence (`start`: the sentence's). */
export interface WarrantyTerm extends SentenceFact {
  label: string;
}

/**
 * Warranty terms stated in a review's sentences: a length ("10-year", "lifetime") and/or a kind
 * (workmanship, manufacturer) in a sentence that names a warranty or guarantee. One label per
 * sentence; a sentence that names a warranty without a term gives nothing — the FAQ quotes what
 * customers say the terms are, not how they feel about them.
 */
export function findWarrantyTerms(a: AnalyzedReview): WarrantyTerm[] {
  const out: WarrantyTerm[] = [];
  forEachSentenceText(a, (text, sentence, start) => {
    if (!WARRANTY_WORDS.test(text)) return;
    const length = WARRANTY_LENGTH.exec(text);
    const kind = WARRANTY_KINDS.find(([re]) => re.test(text))?.[1];
    if (!length && !kind) return;
    let years = '';
    if (length?.[2]) years = 'lifetime';
    else if (length?.[1]) years = `${WARRANTY_NUMBER_WORDS[length[1].toLowerCase()] ?? Number(length[1])}-year`;
    out.push({ label: [years, kind, 'warranty'].filter(Boolean).join(' '), sentence, start });
  });
  return out;
}
