import {
  ADVICE_LEAD,
  ADVICE_NEEDS,
  COMPANY_ACTIONS,
  COMPLETENESS,
  DONE_WITHIN_UNITS,
  HAD_SUBJECTS,
  LEFTOVER_PLACES,
  LIKE_SUBJECTS,
  NEGATORS_PLAIN,
  OBJECT_START,
  OTHER_PARTY,
  REPORTING_VERBS,
  RETURN_DENIED,
  TAKE_OR_DONE,
  THROWN,
  TIME_UNITS,
  VISIT_ACTIONS,
} from '../lexicon/context-words.ts';
import { RULE_WEIGHTS } from '../lexicon/rule-weights.ts';
import { CLEANUP_WORDS, COMPARATIVES, PROBLEM_WORDS } from '../lexicon/word-classes.ts';
import type { ScoredSentence } from '../scored-sentence.ts';
import type { Token } from '../tokenize.ts';
import { clauseWindow, type ClauseWindow } from './clause-window.ts';
import { applyProblemRules, reportsRelapse } from './problem-rules.ts';
import { aboutMoney, applyBeaten, applyPriceComparison, applyTimeMoneyRules } from './time-money-rules.ts';

const W = RULE_WEIGHTS.context;
/** Imperatives of advice to other customers: recommending or warning off what follows. */
const IMPERATIVES: ReadonlyMap<string, number> = new Map(Object.entries(W.imperatives));

/**
 * Domain words that are only sentiment in context, decided from the words around them before
 * intensifiers and negation are applied: problems, damage and leftovers (problem-rules.ts), money
 * and time (time-money-rules.ts), and the smaller cases below.
 */
export function applyContextRules(s: ScoredSentence): void {
  const { tokens, valence, role } = s;
  const x = clauseWindow(s);
  const { near } = x;
  const money = aboutMoney(s);
  const relapse = reportsRelapse(x);
  applyPriceComparison(s);
  for (let i = 0; i < tokens.length; i++) {
    if (role[i] === 'negator' && tokens[i]!.norm === 'less' && tokens[i + 1]?.norm === 'than' && (money || tookLessThan(x, i))) {
      role[i] = 'word'; // "$2,000 less than the next bid" is a saving, "took less than an hour" quick: not negations
      valence[i] = W.lessThan;
    }
    if (tokens[i]!.quoted && valence[i]! > 0) valence[i] = W.scareQuotes * valence[i]!; // scare quotes: the 'fixed' leak
    if (role[i] !== 'word') continue;
    const w = tokens[i]!.norm;
    if (s.phrase[i] && valence[i]! < 0 && RETURN_DENIED.has(w) && near(i, -6, -1, PROBLEM_WORDS)) {
      valence[i] = W.problemStayedAway; // "the water spot never came back": a problem that did not return
      continue;
    }
    if (s.phrase[i] && w !== 'came' && w !== 'come') continue; // a phrase's valence is already decided
    if (applyBeaten(x, i) || applyProblemRules(x, i, relapse) || applyTimeMoneyRules(x, i, money)) continue;
    applyOtherRules(x, i, w);
  }
  reportsOnly(x);
}

function tookLessThan(x: ClauseWindow, i: number): boolean {
  return x.near(i, -3, -1, TAKE_OR_DONE) && x.near(i, 2, 4, DONE_WITHIN_UNITS);
}

// A service verb is mild praise when the review says how well or how completely it was done ("handled
// everything", "answered every question", "explained it all"); on its own it reports what happened
// ("Marco's crew handled the tear-off", "the estimate covered a full tear-off") and counts for little.
function reportsOnly(x: ClauseWindow): void {
  const { tokens, valence, clause, phrase } = x.s;
  for (let i = 0; i < tokens.length; i++) {
    const v = valence[i]!;
    if (v <= 0 || v > W.reportMax || phrase[i] || !REPORTING_VERBS.has(tokens[i]!.norm)) continue;
    if (x.s.role.some((r, k) => k < i && r === 'negator' && clause[k] === clause[i])) continue; // "wasn't covered" stays a complaint
    let judged = false;
    for (let k = 0; k < tokens.length; k++) {
      if (k === i || clause[k] !== clause[i]) continue;
      if (valence[k] !== 0 || COMPLETENESS.has(tokens[k]!.norm) || tokens[k]!.norm === '!') judged = true;
    }
    if (!judged) valence[i] = v * W.reportShare;
  }
}

function imperativeAt(tokens: readonly Token[], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && ADVICE_LEAD.has(tokens[k]!.norm) && tokens[k]!.norm !== 'to') k--;
  const start = k < 0 || !tokens[k]!.word || (tokens[k]!.norm === 'to' && ADVICE_NEEDS.has(tokens[k - 1]?.norm ?? ''));
  return start && OBJECT_START.has(tokens[i + 1]?.norm ?? '') && (tokens[i]!.norm !== 'call' || tokens[i + 1]!.norm === 'them');
}

/**
 * - a service verb done by the company is mild praise ("they texted updates"), not when the
 *   customer does it ("I called"), and a complaint in scare quotes ("they 'fixed' it");
 * - "left" + a place is a complaint ("left the old gutters in our backyard"), and so is throwing
 *   things onto one ("tossed the old shingles onto our flower beds");
 * - a score such as "10/10" or "2/10" is praise or complaint;
 * - "I've had smoother experiences" compares this one unfavourably;
 * - "what two other roofers missed" is praise for finding it;
 * - "like" is an opinion only after a subject ("we like"), not as a preposition ("looks like");
 * - "came back" after a problem word means the problem returned ("the stain came back").
 */
function applyOtherRules(x: ClauseWindow, i: number, w: string): void {
  const { s, near, negatedAt, byCompany } = x;
  const { tokens, valence, role, clause } = s;
  const prev = tokens[i - 1]?.norm ?? '';
  if (COMPANY_ACTIONS.has(w) && valence[i] === 0 && byCompany(i)) {
    valence[i] = tokens[i]!.quoted ? W.quotedAction : VISIT_ACTIONS.has(w) ? W.visitAction : W.companyAction;
  } else if (
    w === 'left' &&
    near(i, 1, 7, LEFTOVER_PLACES) &&
    !near(i, -6, 8, CLEANUP_WORDS) &&
    !negatedAt(i) &&
    !near(i, -6, -1, NEGATORS_PLAIN) &&
    !tokens.some((_, k) => clause[k] === clause[i] && valence[k]! > 1)
  ) {
    valence[i] = W.leftAtPlace;
  } else if (w === 'good' && tokens[i + 1]?.norm === 'for' && [2, 3].some((d) => TIME_UNITS.has(tokens[i + d]?.norm ?? ''))) {
    valence[i] = 0; // "the quote is good for ninety days": valid, not praise
  } else if (IMPERATIVES.has(w) && imperativeAt(tokens, i)) {
    valence[i] = IMPERATIVES.get(w)!; // "Try the tasting menu.", "Skip the upgrade.", "Give them a call."
  } else if (THROWN.has(w) && near(i, 1, 7, LEFTOVER_PLACES) && !negatedAt(i)) {
    valence[i] = W.thrownAtPlace; // "tossed the old shingles onto our flower beds"
  } else if (/^\d+(\.\d+)?\/(5|10)$/.test(w)) {
    const [a, b] = w.split('/').map(Number) as [number, number];
    valence[i] = a / b >= W.scoreHigh ? W.score : a / b <= W.scoreLow ? -W.score : 0;
  } else if (w === 'had' && HAD_SUBJECTS.has(prev) && COMPARATIVES.has(tokens[i + 1]?.norm ?? '')) {
    valence[i + 1] = W.hadBetter;
    role[i + 1] = 'part';
  } else if (w === 'missed' && [1, 2, 3].some((d) => OTHER_PARTY.has(tokens[i - d]?.norm ?? ''))) {
    valence[i] = W.othersMissed;
  } else if (w === 'like' && LIKE_SUBJECTS.has(prev)) {
    valence[i] = W.like;
  } else if ((w === 'came' || w === 'come') && valence[i]! > 0 && near(i, -6, -1, PROBLEM_WORDS)) {
    // the problem word already says it; the phrase turns it into a relapse
    valence[i] = W.cameBack;
    for (let k = Math.max(0, i - 6); k < i; k++) if (PROBLEM_WORDS.has(tokens[k]!.norm)) valence[k] = 0;
  }
}
