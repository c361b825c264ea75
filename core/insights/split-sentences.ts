import { ABBREVIATIONS } from './lexicon/text-marks.ts';

/** A half-open character range `[start, end)` of a text. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Splits review text into sentences: at `.`, `!`, `?` (runs of them) followed by whitespace, and at
 * line breaks. Returned spans are trimmed and never empty, so `text.slice(start, end)` is a quotable
 * sentence. A full stop after a known abbreviation or a single capital ("Kyle B. came") does not split.
 */
export function splitSentences(text: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  const push = (end: number): void => {
    let s = start;
    let e = end;
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (e > s) spans.push({ start: s, end: e });
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') {
      push(i);
      start = i + 1;
      continue;
    }
    if (c !== '.' && c !== '!' && c !== '?') continue;
    let j = i;
    while (j + 1 < text.length && /[.!?"”')\]]/.test(text[j + 1]!)) j++;
    const atEnd = j + 1 >= text.length;
    if (!atEnd && !/\s/.test(text[j + 1]!)) continue;
    if (c === '.' && j === i && isAbbreviation(text, i)) continue;
    push(j + 1);
    start = j + 1;
    i = j;
  }
  push(text.length);
  return spans;
}

function isAbbreviation(text: string, dot: number): boolean {
  let k = dot;
  while (k > 0 && /[\p{L}.]/u.test(text[k - 1]!)) k--;
  const word = text.slice(k, dot);
  if (ABBREVIATIONS.has(word.toLowerCase())) return true;
  // A lone capital is an initial ("Kyle B. was great") rather than the end of a sentence.
  return /^\p{Lu}$/u.test(word);
}
