import {
  ABOUT,
  BE_FORMS,
  BE_NEGATORS,
  FINITE_BE,
  MODAL_NEGATORS,
  NEGATED_QUANTIFIERS,
  NOT_OMISSIONS,
  OMISSION_FILLERS,
  PRAISE_VERBS,
  SAY_THINK,
  SCOPE_ENDS,
  SELF_NEGATIVE,
  SUPERLATIVE_CUES,
  TIMELY,
  VERBAL_NEGATORS,
  WIDE_NEGATORS,
  WORSE,
} from '../lexicon/negation-words.ts';
import { RULE_WEIGHTS } from '../lexicon/rule-weights.ts';
import { COMPARATIVES, DAMAGE_WORDS, EXPECTED_ACTIONS, PROBLEM_WORDS, RESIDUE_WORDS } from '../lexicon/word-classes.ts';
import type { ScoredSentence } from '../scored-sentence.ts';

const W = RULE_WEIGHTS.negation;
/** VADER's negation scalar: "not good" is about three quarters as bad as "bad" is bad. */
export const N_SCALAR = W.scalar;

/**
 * A negator applies to the first opinion-bearing word within its scope (and to words coordinated
 * with it: "not clean or tidy"); it stops at punctuation and contrast. Absent problems are praise
 * ("no leaks since"), absent expected actions are complaints ("never called"), and a negated
 * modal before a comparative is top praise ("couldn't have been better").
 */
export function applyNegation(s: ScoredSentence): void {
  const { tokens, valence, role, immune } = s;
  for (let i = 0; i < tokens.length; i++) {
    if (role[i] !== 'negator') continue;
    // "could not", "cannot": a negated modal, which before a comparative is praise
    const neg = tokens[i]!.norm === 'not' && MODAL_NEGATORS.has(tokens[i - 1]?.norm ?? '') ? tokens[i - 1]!.norm : tokens[i]!.norm;
    let words = 0;
    let superlative = false;
    let modal = false;
    let target = -1;
    let expected = -1;
    // "I can't say the cleanup was great", "no one from the office called back": a negated verb of
    // saying or thinking, or a negative subject, reaches through the whole clause.
    const next = tokens[i + 1]?.norm ?? '';
    const wide = WIDE_NEGATORS.has(neg) || (neg === 'no' && next === 'one') || next === 'once' || SAY_THINK.has(next);
    let scope: number = wide ? W.wideReach : W.reach;
    for (let k = i + 1; k < tokens.length && words < scope; k++) {
      // "has not given us a single problem", "without a single bit of damage": a quantifier carries the
      // negation on to its noun
      if (tokens[k]!.norm === 'single' || (tokens[k]!.norm === 'any' && words > 0)) scope = Math.max(scope, words + W.quantifierReach);
      const r = role[k];
      if (r === 'punct' || r === 'contrast' || r === 'negator') break;
      if (r === 'part') continue;
      const w = tokens[k]!.norm;
      if (words >= 2 && SCOPE_ENDS.has(w)) break; // "didn't know about it and showed us photos"
      if (!wide && words >= 1 && FINITE_BE.has(w)) break; // "the leak that others couldn't find was fixed"
      words++;
      if (w === 'could' || w === 'can') modal = true; // "nobody could have done it better"
      if ((MODAL_NEGATORS.has(neg) || modal) && (COMPARATIVES.has(w) || SUPERLATIVE_CUES.has(w))) superlative = true;
      if (expected < 0 && EXPECTED_ACTIONS.has(w)) {
        expected = k;
        // "weren't told about the extra charges": the negation is of the telling, not of its topic
        if (ABOUT.has(tokens[k + 1]?.norm ?? '')) break;
      }
      // "not a single no-show": a negated quantifier reaches even a phrase with its own negation
      const quantified = NEGATED_QUANTIFIERS.has(tokens[i + 1]?.norm ?? '');
      const opinion = valence[k] !== 0 && (!immune[k] || quantified);
      const absence = (PROBLEM_WORDS.has(w) || RESIDUE_WORDS.has(w) || DAMAGE_WORDS.has(w)) && !immune[k];
      if (opinion || absence || (superlative && COMPARATIVES.has(w))) {
        target = k;
        break;
      }
    }
    if (PRAISE_VERBS.has(tokens[i + 1]?.norm ?? '') && MODAL_NEGATORS.has(neg) && enoughAhead(s, i)) {
      // "can't recommend Summit Ridge enough", "cannot thank them enough"
      valence[i + 1] = W.cannotPraiseEnough;
      continue;
    }
    if (target >= 0) {
      const v = valence[target]!;
      const w = tokens[target]!.norm;
      if (superlative) valence[target] = Math.abs(v) + W.superlative;
      else if (MODAL_NEGATORS.has(neg) && WORSE.has(w))
        valence[target] = v - W.superlative; // "couldn't have found a worse crew"
      else if (PROBLEM_WORDS.has(w) || RESIDUE_WORDS.has(w)) valence[target] = W.absentProblem;
      else if (DAMAGE_WORDS.has(w))
        valence[target] = W.absentDamage; // "without a scratch"
      else if (EXPECTED_ACTIONS.has(w) && v > 0) valence[target] = Math.min(W.missedActionCeiling, v * N_SCALAR);
      else valence[target] = flip(v);
      extendToCoordinated(s, target);
      // "not nearly as clean as promised": later opinions of the same sign in the scope go with it
      for (let k = target + 1, left = scope - words; k < tokens.length && left > 0; k++) {
        if (role[k] === 'punct' || role[k] === 'contrast' || role[k] === 'negator') break;
        if (role[k] === 'part') continue;
        left--;
        if (valence[k] !== 0 && !immune[k] && Math.sign(valence[k]!) === Math.sign(v)) valence[k] = flip(valence[k]!);
      }
    } else if (expected >= 0) valence[expected] = W.missedAction;
    else if (SELF_NEGATIVE.has(neg)) valence[i] = W.selfNegative;
    else if (words === 0) valence[i] = elidedOpinion(s, i);
    else if (isOmission(s, i)) valence[i] = W.omission;
    if (target < 0) negateTimelyPhrase(s, i);
    // "the dumpster still hasn't been picked up", "the roof still isn't finished": a wait that goes on
    if (tokens[i - 1]?.norm === 'still' && (target < 0 || valence[target]! < 0) && valence[i - 1] === 0) valence[i - 1] = W.stillWaiting;
    if (target >= 0 && (i === 0 || role[i - 1] === 'punct')) contrastElided(s, i);
  }
}

/** "didn't submit the paperwork to the insurance company on time": the negated verb's manner
 *  ("on time", "as promised") is negated with it, however far it stands. */
function negateTimelyPhrase(s: ScoredSentence, i: number): void {
  const { tokens, valence, role, clause, phrase, immune } = s;
  for (let k = i + 1; k < tokens.length && k <= i + W.timelyReach && clause[k] === clause[i]; k++) {
    if (role[k] === 'negator' || role[k] === 'contrast') return;
    if (phrase[k] && !immune[k] && valence[k]! > 0 && TIMELY.has(tokens[k]!.norm)) {
      valence[k] = valence[k]! * N_SCALAR;
      return;
    }
  }
}

/** "The crew was great; the cleanup, not so great.": a clause that is only a negated opinion answers
 *  the subject before it, in contrast with the opinion of the clause before that. */
function contrastElided(s: ScoredSentence, i: number): void {
  const { valence, clause, afterContrast } = s;
  const c = clause[i]!;
  if (c < 2) return;
  const holds = (x: number): boolean => valence.some((v, k) => clause[k] === x && v !== 0 && k !== i);
  if (!holds(c - 1) && holds(c - 2)) afterContrast[c - 1] = true;
}

/** "The estimate was reasonable; the final bill was not.": a negator that ends its clause negates the
 *  opinion of the clause before it. */
function elidedOpinion(s: ScoredSentence, i: number): number {
  const { valence, clause } = s;
  for (let k = i - 1; k >= 0; k--) {
    if (clause[k]! < clause[i]! - 2) break;
    if (clause[k] !== clause[i] && valence[k] !== 0) {
      // "The roof looks great; the gutters, not so much.": the clauses after the opinion's are
      // contrasted with it, so its praise stays with the roof.
      if (clause[k]! + 1 < clause[i]!) s.afterContrast[clause[k]! + 1] = true;
      return flip(valence[k]!);
    }
  }
  return 0;
}

/**
 * In a review, saying that something was not done is a complaint even when the thing is neutral:
 * "the installer didn't seal the vent boots", "we never received the written estimate", "they do not
 * serve beer". A negated verb with no opinion, problem or expected action in its scope is read as a
 * mild complaint — unless the verb is one of needing, knowing or wanting ("we didn't need a new
 * roof", "I don't know"), or of costs and pressure, whose absence is good news ("didn't charge us").
 */
function isOmission(s: ScoredSentence, i: number): boolean {
  const { tokens, role } = s;
  const neg = tokens[i]!.norm;
  if (!VERBAL_NEGATORS.has(neg)) return false;
  let k = i + 1;
  if (neg === 'no' && tokens[k]?.norm !== 'one') return false; // "no" + noun is not a negated verb
  if (neg === 'no') k++;
  while (k < tokens.length && OMISSION_FILLERS.has(tokens[k]!.norm)) k++;
  const be = BE_NEGATORS.has(neg) || (neg === 'not' && BE_FORMS.has(tokens[i - 1]?.norm ?? ''));
  if (be && !PARTICIPLE.test(tokens[k]?.norm ?? '')) return false; // "was not a roofer"
  const t = tokens[k];
  if (!t?.word || role[k] !== 'word' || t.capital || /\d/.test(t.norm)) return false;
  return !NOT_OMISSIONS.has(t.norm);
}
const PARTICIPLE = /(ed|en|wn|ne)$/;

function enoughAhead(s: ScoredSentence, i: number): boolean {
  for (let k = i + 2; k < Math.min(s.tokens.length, i + W.enoughReach); k++) if (s.tokens[k]!.norm === 'enough') return true;
  return false;
}

/**
 * Negation of an opinion. Praise negated is a complaint at three quarters strength (VADER); a
 * complaint negated is only faint praise — understatement ("not bad", "not the worst", "wasn't
 * terrible") rarely means enthusiasm.
 */
function flip(v: number): number {
  return v > 0 ? v * N_SCALAR : Math.min(-v, W.understatementBase + W.understatementSlope * -v);
}

/**
 * What negating an opinion `v` adds to it: the negated opinion minus `v`, so that a sum holding `v`
 * becomes the negated sum ("Did they clean up? Not really." lends the question this). For praise it
 * is written (N_SCALAR − 1) × v, the same number as flip(v) − v without a second rounding.
 */
export function negationShift(v: number): number {
  return v > 0 ? (N_SCALAR - 1) * v : flip(v) - v;
}

function extendToCoordinated(s: ScoredSentence, k: number): void {
  const { tokens, valence, role } = s;
  const n = tokens[k + 1]?.norm;
  if ((n === 'or' || n === 'nor' || n === ',') && role[k + 2] === 'word' && valence[k + 2] !== 0) {
    valence[k + 2] = flip(valence[k + 2]!);
  }
}
