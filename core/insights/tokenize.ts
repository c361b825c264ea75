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
/** Whether a token's first code unit starts a word, and whether its first letter is upper-case: for non-ASCII only. */
const WORD_START = /[\p{L}\p{N}$]/u;
const UPPER_START = /^\p{Lu}/u;
const [DIGIT_0, DIGIT_9, UPPER_A, UPPER_Z, LOWER_A, LOWER_Z, DOLLAR, HYPHEN, ASCII_END] = [48, 57, 65, 90, 97, 122, 36, 45, 128];

/**
 * Splits text into word and punctuation tokens, keeping offsets so that every span the engine
 * reports can be cut back out of the original text verbatim. Hand-written instead of a full NLP
 * pipeline because it runs over every review at build time (100k reviews must take seconds).
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  // Every review is tokenized at every build (its mentions are found when it is published): ASCII first letters are
  // classified by their code, and only the rest by the Unicode-aware expressions (about twice as fast at 100k reviews).
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(text); m !== null; m = TOKEN_RE.exec(text)) {
    const raw = m[0];
    const start = m.index;
    const first = raw.charCodeAt(0);
    const ascii = first < ASCII_END;
    const word = ascii
      ? (first >= DIGIT_0 && first <= DIGIT_9) || (first >= UPPER_A && first <= UPPER_Z) || (first >= LOWER_A && first <= LOWER_Z) || first === DOLLAR
      : WORD_START.test(raw[0]!);
    let norm = raw;
    if (word) {
      norm = raw.toLowerCase();
      if (norm.includes('’')) norm = norm.replaceAll('’', "'");
    } else if (raw.length > 1 && first === HYPHEN) norm = '—';
    const end = start + raw.length;
    const quoted = word && QUOTE_MARKS.has(text[start - 1] ?? '') && QUOTE_MARKS.has(text[end] ?? '');
    const capital = word && (ascii ? first >= UPPER_A && first <= UPPER_Z : UPPER_START.test(raw));
    out.push({ norm, start, end, word, capital, quoted });
  }
  return out;
}
