import {
  BILL_WORDS,
  CHASING_NOUNS,
  CUSTOMER_CHASING,
  LATE_NOT_DELAY,
  LINGERING,
  LONG_UNITS,
  NUMBER_WORDS,
  QUOTE_WORDS,
  SHORT_UNITS,
  TAKE,
  TIME_UNITS,
} from '../lexicon/context-words.ts';
import { PRICE_SENSITIVE, PRICE_WORDS } from '../lexicon/word-classes.ts';
import type { ScoredSentence } from '../score-sentence.ts';
import type { ClauseWindow } from './clause-window.ts';

/** Whether a sentence is about money, where "high" hurts and "low" pleases. */
export function aboutMoney(s: ScoredSentence): boolean {
  return s.tokens.some((t) => PRICE_WORDS.has(t.norm) || /^\$\d/.test(t.norm));
}

/**
 * Money and time words that carry sentiment only in context: "high"/"low"/"cheap" by whether the
 * sentence is about money; durations by what they measure ("took three months to start", "waited
 * three weeks", "the dumpster sat there for ten days" vs "only took one day", "a call back within
 * ten minutes"); chasing ("left three voicemails"); "late" that is a date or a person ("in late
 * April", "my late husband"). Returns true when the token was one of these.
 */
export function applyTimeMoneyRules(x: ClauseWindow, i: number, money: boolean): boolean {
  const { s, near } = x;
  const { tokens, valence } = s;
  const w = tokens[i]!.norm;
  const prev = tokens[i - 1]?.norm ?? '';
  const set = (v: number): true => {
    valence[i] = v;
    return true;
  };
  if (PRICE_SENSITIVE.has(w)) {
    if (money) return set(PRICE_SENSITIVE.get(w)!);
    return w === 'cheap' ? set(-0.8) : true; // "cheap materials"
  }
  if (TAKE.has(w) && near(i, 1, 4, LONG_UNITS)) return set(-1.5);
  if (w === 'took' && prev === 'only' && near(i, 1, 4, TIME_UNITS)) return set(1.0);
  if (w === 'times' && NUMBER_WORDS.has(prev) && near(i, -6, -1, CUSTOMER_CHASING)) return set(-1.2);
  if (CHASING_NOUNS.has(w) && NUMBER_WORDS.has(prev)) return set(-1.5);
  if (w === 'within' && [1, 2, 3].some((d) => SHORT_UNITS.has(tokens[i + d]?.norm ?? ''))) return set(1.2);
  if ((w === 'waited' || w === 'waiting') && near(i, 1, 4, TIME_UNITS)) return set(-1.6);
  if (LINGERING.has(w) && near(i, 1, 7, TIME_UNITS)) return set(-1.2);
  if (w === 'late' && (LATE_NOT_DELAY.has(tokens[i + 1]?.norm ?? '') || /^(my|our|his|her)$/.test(prev))) return set(0);
  return false;
}

/**
 * "They quoted $9,000 and charged $11,500": with two amounts, the first after a quote word and the
 * second after a billing word, the bill is compared with the quote; the second amount carries the verdict.
 */
export function applyPriceComparison(s: ScoredSentence): void {
  const { tokens, valence } = s;
  const amounts = tokens.flatMap((t, i) => (/^\$\d/.test(t.norm) ? [i] : []));
  if (amounts.length < 2) return;
  const [a, b] = amounts as [number, number];
  const seen = (words: ReadonlySet<string>, from: number, to: number): boolean => tokens.slice(from, to).some((t) => words.has(t.norm));
  if (!seen(QUOTE_WORDS, 0, a) || !seen(BILL_WORDS, a + 1, b)) return;
  const amount = (i: number): number => Number(tokens[i]!.norm.replace(/[$,]/g, ''));
  const diff = amount(b) - amount(a);
  if (diff !== 0) valence[b] = diff > 0 ? -1.5 : 1.5;
}
