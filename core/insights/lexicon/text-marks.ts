/**
 * Punctuation and abbreviations that steer tokenizing, sentence splitting, clause splitting and the
 * learned layers' text features. Hand-written from English typography.
 */
import { set } from './word-set.ts';

/** Quotation marks around a single word make it a scare quote ('fixed'); apostrophes count, as people type them for quotes (tokenize.ts). */
export const QUOTE_MARKS = set(`' " ‘ ’ “ ”`);
/**
 * Quotation marks that do not split a clause (score-sentence.ts). Narrower than QUOTE_MARKS: these are
 * the quote tokens the tokenizer emits; an apostrophe is never a token of its own.
 */
export const CLAUSE_QUOTES = set(`" “ ”`);
/** Abbreviations whose full stop does not end a sentence (split-sentences.ts), lower-case, without their last stop. */
export const ABBREVIATIONS = set(`mr mrs ms dr st jr sr vs etc inc co approx appt est e.g i.e a.m p.m`);
/** Punctuation that ends a sentence: "…rude to my neighbor. Dave and the team…" does not make Dave the neighbor (extract-mentions.ts). */
export const SENTENCE_END = set(`. ! ? …`);
/** Punctuation that is a text feature of its own for the learned layers (model/sentence-features.ts, model/text-table.ts). */
export const COUNTED_PUNCTUATION = set(`? !`);
