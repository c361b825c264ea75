import {
  AGREED_TIMES,
  BEATEN,
  BILL_WORDS,
  CHASING_NOUNS,
  CUSTOMER_CHASING,
  LATE_NOT_DELAY,
  LATE_POSSESSIVES,
  LINGERING,
  LONG_UNITS,
  NUMBER_WORDS,
  QUOTE_WORDS,
  RETURN_VISIT,
  RISE_VERBS,
  SHORT_UNITS,
  TAKE,
  TIME_UNITS,
} from '../lexicon/context-words.ts';
import { RULE_WEIGHTS } from '../lexicon/rule-weights.ts';
import { PRICE_SENSITIVE, PRICE_WORDS } from '../lexicon/word-classes.ts';
import type { ScoredSentence } from '../scored-sentence.ts';
import type { ClauseWindow } from './clause-window.ts';

const W = RULE_WEIGHTS.timeMoney;

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
  const settle = (v: number): true => {
    valence[i] = v;
    return true;
  };
  if (PRICE_SENSITIVE.has(w)) {
    // about money when the clause is ("the quote was high"), not another clause ("the price was low and the quality high")
    if (money && moneyInClause(x, i)) return settle(PRICE_SENSITIVE.get(w)!);
    return w === 'cheap' ? settle(W.cheap) : true; // "cheap materials"
  }
  if (TAKE.has(w) && near(i, 1, 4, LONG_UNITS)) return settle(W.tookLong);
  if (w === 'took' && prev === 'only' && near(i, 1, 4, TIME_UNITS)) return settle(W.tookOnly);
  if (w === 'times' && NUMBER_WORDS.has(prev) && near(i, -6, -1, CUSTOMER_CHASING)) return settle(W.repeated);
  if (CHASING_NOUNS.has(w) && NUMBER_WORDS.has(prev)) return settle(W.chasing);
  // "came back three times to fix the same leak": repeated visits for one job
  if (w === 'times' && NUMBER_WORDS.has(prev) && near(i, -4, -2, RETURN_VISIT)) return settle(W.repeated);
  // "an hour early", "ten minutes early"
  if (w === 'early' && (TIME_UNITS.has(prev) || prev === 'minutes')) return settle(W.early);
  if (w === 'within' && [1, 2, 3].some((d) => SHORT_UNITS.has(tokens[i + d]?.norm ?? ''))) return settle(W.early);
  if ((w === 'waited' || w === 'waiting') && near(i, 1, 4, TIME_UNITS)) return settle(W.waited);
  if (LINGERING.has(w) && near(i, 1, 7, TIME_UNITS)) return settle(W.delay);
  // "a two-day job turned into three weeks"
  if (w === 'into' && prev === 'turned' && near(i, 1, 3, LONG_UNITS)) return settle(W.delay);
  // "the quote went up by $2,000"
  if (money && w === 'up' && RISE_VERBS.has(prev)) return settle(W.priceRise);
  // "$1,500 under the competition", "$2,000 above the estimate"
  if ((w === 'under' || w === 'below') && /^\$\d/.test(prev)) return settle(W.under);
  if ((w === 'over' || w === 'above') && /^\$\d/.test(prev)) return settle(W.priceRise);
  // "didn't hear back for two weeks", "no call for a week": a negated clause that lasted
  if (w === 'for' && negatedBefore(x, i) && [1, 2].some((d) => LONG_UNITS.has(tokens[i + d]?.norm ?? ''))) {
    s.immune[i] = true; // the negation is already read: it must not flip this back
    return settle(W.delay);
  }
  // "two hours after the appointment window": arriving after the time agreed
  if (w === 'after' && TIME_UNITS.has(prev) && near(i, 1, 3, AGREED_TIMES)) return settle(W.delay);
  // "it's been three weeks": time elapsed is a complaint when it is the point of the clause
  if (w === 'been' && (prev === "it's" || prev === 'its' || prev === 'has') && [2, 3].some((d) => LONG_UNITS.has(tokens[i + d]?.norm ?? '')))
    return settle(W.elapsed);
  if (w === 'late' && (LATE_NOT_DELAY.has(tokens[i + 1]?.norm ?? '') || LATE_POSSESSIVES.has(prev))) return settle(0);
  return false;
}

/** "beat the timeline", "beat every other quote": beating a deadline or a price is praise (not hail damage). */
export function applyBeaten(x: ClauseWindow, i: number): boolean {
  const w = x.s.tokens[i]!.norm;
  if ((w !== 'beat' && w !== 'beats' && w !== 'beating') || !x.near(i, 1, 4, BEATEN)) return false;
  x.s.valence[i] = W.beaten;
  return true;
}

function moneyInClause(x: ClauseWindow, i: number): boolean {
  const { tokens, clause } = x.s;
  return tokens.some((t, k) => clause[k] === clause[i] && (PRICE_WORDS.has(t.norm) || /^\$\d/.test(t.norm)));
}

function negatedBefore(x: ClauseWindow, i: number): boolean {
  const { clause, role } = x.s;
  for (let k = i - 1; k >= 0 && clause[k] === clause[i]; k--) if (role[k] === 'negator') return true;
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
  if (diff !== 0) valence[b] = diff > 0 ? -W.billVsQuote : W.billVsQuote;
}
