import {
  COMPANY_ACTIONS,
  LEFTOVER_PLACES,
  LIKE_SUBJECTS,
  NEGATORS_PLAIN,
  OTHER_PARTY,
} from '../lexicon/context-words.ts';
import { CLEANUP_WORDS, COMPARATIVES, PROBLEM_WORDS } from '../lexicon/word-classes.ts';
import type { ScoredSentence } from '../score-sentence.ts';
import { clauseWindow, type ClauseWindow } from './clause-window.ts';
import { applyProblemRules, reportsRelapse } from './problem-rules.ts';
import { aboutMoney, applyPriceComparison, applyTimeMoneyRules } from './time-money-rules.ts';

/**
 * Domain words that are only sentiment in context, decided from the words around them before
 * intensifiers and negation are applied: problems, damage and leftovers (problem-rules.ts), money
 * and time (time-money-rules.ts), and the smaller cases below.
 */
export function applyContextRules(s: ScoredSentence): void {
  const { tokens, valence, role } = s;
  const x = clauseWindow(s);
  const money = aboutMoney(s);
  const relapse = reportsRelapse(x);
  applyPriceComparison(s);
  for (let i = 0; i < tokens.length; i++) {
    if (money && role[i] === 'negator' && tokens[i]!.norm === 'less' && tokens[i + 1]?.norm === 'than') {
      role[i] = 'word'; // "$2,000 less than the next bid" is a saving, not a negation
      valence[i] = 1.0;
    }
    if (tokens[i]!.quoted && valence[i]! > 0) valence[i] = -0.8 * valence[i]!; // scare quotes: the 'fixed' leak
    if (role[i] !== 'word') continue;
    const w = tokens[i]!.norm;
    if (s.phrase[i] && w !== 'came' && w !== 'come') continue; // a phrase's valence is already decided
    if (applyProblemRules(x, i, relapse) || applyTimeMoneyRules(x, i, money)) continue;
    applyOtherRules(x, i, w);
  }
}

/**
 * - a service verb done by the company is mild praise ("they texted updates"), not when the
 *   customer does it ("I called"), and a complaint in scare quotes ("they 'fixed' it");
 * - "left" + a place is a complaint ("left the old gutters in our backyard");
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
    valence[i] = tokens[i]!.quoted ? -1.0 : 0.7;
  } else if (w === 'left' && near(i, 1, 7, LEFTOVER_PLACES) && !near(i, -6, 8, CLEANUP_WORDS) && !negatedAt(i) && !near(i, -6, -1, NEGATORS_PLAIN) && !tokens.some((_, k) => clause[k] === clause[i] && valence[k]! > 1)) {
    valence[i] = -1.0;
  } else if (/^\d+(\.\d+)?\/(5|10)$/.test(w)) {
    const [a, b] = w.split('/').map(Number) as [number, number];
    valence[i] = a / b >= 0.8 ? 2.0 : a / b <= 0.5 ? -2.0 : 0;
  } else if (w === 'had' && /^(i've|we've|have|ive|weve)$/.test(prev) && COMPARATIVES.has(tokens[i + 1]?.norm ?? '')) {
    valence[i + 1] = -1.2;
    role[i + 1] = 'part';
  } else if (w === 'missed' && [1, 2, 3].some((d) => OTHER_PARTY.has(tokens[i - d]?.norm ?? ''))) {
    valence[i] = 1.0;
  } else if (w === 'like' && LIKE_SUBJECTS.has(prev)) {
    valence[i] = 1.5;
  } else if ((w === 'came' || w === 'come') && valence[i]! > 0 && near(i, -6, -1, PROBLEM_WORDS)) {
    // the problem word already says it; the phrase turns it into a relapse
    valence[i] = -1.8;
    for (let k = Math.max(0, i - 6); k < i; k++) if (PROBLEM_WORDS.has(tokens[k]!.norm)) valence[k] = 0;
  }
}
