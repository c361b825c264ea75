import { QUOTE_MARKS } from './lexicon/text-marks.ts';

/** A word or punctuation mark with its character offsets in the source text. */
export interface Token {
  /** Lower-case form with typographic apostrophes folded to ASCII (`don’t` → `don't`). */
  norm: string;
  start: number;
  end: number;
  /** False for punctuation (`.`, `,`, `!`, `?`, `;`, `:`, brackets, quotes, dashes). */
  word: boolean;
  /** Written with a capital first letter (a name, or the first word of a sentence). */
  capital: boolean;
  /** Wrapped in quotation marks on its own ('fixed'): scare quotes, which usually mean the opposite. */
  quoted: boolean;
}

// Numbers keep their separators ("$2,400", "3.5", scores such as "9/10") so they stay one token; words keep inner
// apostrophes ("didn't") so negation can be read off one token. Hyphens inside a word split it
// without leaving a punctuation mark, so "no-show" and "no show" are the same two tokens.
const TOKEN_RE = /\d+(?:\.\d+)?\/\d+|\$?\d+(?:[.,:]\d+)*%?|[\p{L}\p{N}]+(?:['’][\p{L}]+)*|[.,;:!?()"“”…\[\]]|[—–]|(?<=\s)-+(?=\s)|--+/gu;

/**
 * Splits text into word and punctuation tokens, keeping offsets so that every span the engine
 * reports can be cut back out of the original text verbatim. Hand-written instead of a full NLP
 * pipeline because it runs over every review at build time (100k reviews must take seconds).
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN_RE)) {
    const raw = m[0];
    const start = m.index;
    const first = raw.charCodeAt(0);
    const word = /[\p{L}\p{N}$]/u.test(raw[0]!) || (first >= 48 && first <= 57);
    const norm = word ? raw.toLowerCase().replace(/’/g, "'") : raw.length > 1 && raw[0] === '-' ? '—' : raw;
    const end = start + raw.length;
    const quoted = word && QUOTE_MARKS.has(text[start - 1] ?? '') && QUOTE_MARKS.has(text[end] ?? '');
    out.push({ norm, start, end, word, capital: word && /^\p{Lu}/u.test(raw), quoted });
  }
  return out;
}
