import { COMPARATIVES, DAMAGE_WORDS, EXPECTED_ACTIONS, PROBLEM_WORDS, RESIDUE_WORDS } from '../lexicon/word-classes.ts';
import type { ScoredSentence } from '../score-sentence.ts';

/** VADER's negation scalar: "not good" is about three quarters as bad as "bad" is bad. */
export const N_SCALAR = -0.74;
/** Negation reaches this many words ahead ("didn't do a very good job")… */
const NEGATION_SCOPE = 4;
/** …or the whole clause after a negated verb of saying or a negative subject. */
const WIDE_SCOPE = 8;
const WIDE_NEGATORS = new Set(['nobody', 'nothing', 'none', 'neither']);
const SAY_THINK = new Set(['say', 'call', 'think', 'believe', 'feel', 'consider', 'describe', 'recall', 'remember', 'find', 'seem']);
const MODAL_NEGATORS = new Set(["couldn't", 'couldnt', "can't", 'cant', 'cannot', 'could', 'can', 'never']);
const SUPERLATIVE_CUES = new Set(['so', 'such', 'this', 'any']);
const ABOUT = new Set(['about', 'of', 'regarding', 'until']);
/** Negators that are complaints even with nothing after them to negate ("forgot to"). */
const SELF_NEGATIVE = new Set(['failed', 'fail', 'forgot', 'neglected', 'refused']);

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
    let target = -1;
    let expected = -1;
    // "I can't say the cleanup was great", "no one from the office called back": a negated verb of
    // saying or thinking, or a negative subject, reaches through the whole clause.
    const next = tokens[i + 1]?.norm ?? '';
    const wide = WIDE_NEGATORS.has(neg) || (neg === 'no' && next === 'one') || next === 'once' || SAY_THINK.has(next);
    const scope = wide ? WIDE_SCOPE : NEGATION_SCOPE;
    for (let k = i + 1; k < tokens.length && words < scope; k++) {
      const r = role[k];
      if (r === 'punct' || r === 'contrast' || r === 'negator') break;
      if (r === 'part') continue;
      words++;
      const w = tokens[k]!.norm;
      if (MODAL_NEGATORS.has(neg) && (COMPARATIVES.has(w) || SUPERLATIVE_CUES.has(w))) superlative = true;
      if (expected < 0 && EXPECTED_ACTIONS.has(w)) {
        expected = k;
        // "weren't told about the extra charges": the negation is of the telling, not of its topic
        if (ABOUT.has(tokens[k + 1]?.norm ?? '')) break;
      }
      // "not a single no-show": a negated quantifier reaches even a phrase with its own negation
      const quantified = ['a', 'an', 'single', 'one'].includes(tokens[i + 1]?.norm ?? '');
      const opinion = valence[k] !== 0 && (!immune[k] || quantified);
      const absence = (PROBLEM_WORDS.has(w) || RESIDUE_WORDS.has(w) || DAMAGE_WORDS.has(w)) && !immune[k];
      if (opinion || absence || (superlative && COMPARATIVES.has(w))) {
        target = k;
        break;
      }
    }
    if (PRAISE_VERBS.has(tokens[i + 1]?.norm ?? '') && MODAL_NEGATORS.has(neg) && enoughAhead(s, i)) {
      // "can't recommend Summit Ridge enough", "cannot thank them enough"
      valence[i + 1] = 2.6;
      continue;
    }
    if (target >= 0) {
      const v = valence[target]!;
      const w = tokens[target]!.norm;
      if (superlative) valence[target] = Math.abs(v) + 0.8;
      else if (PROBLEM_WORDS.has(w) || RESIDUE_WORDS.has(w)) valence[target] = 1.5;
      else if (DAMAGE_WORDS.has(w)) valence[target] = 1.2; // "without a scratch"
      else if (EXPECTED_ACTIONS.has(w) && v > 0) valence[target] = Math.min(-1.0, v * N_SCALAR);
      else valence[target] = flip(v);
      extendToCoordinated(s, target);
      // "not nearly as clean as promised": later opinions of the same sign in the scope go with it
      for (let k = target + 1, left = scope - words; k < tokens.length && left > 0; k++) {
        if (role[k] === 'punct' || role[k] === 'contrast' || role[k] === 'negator') break;
        if (role[k] === 'part') continue;
        left--;
        if (valence[k] !== 0 && !immune[k] && Math.sign(valence[k]!) === Math.sign(v)) valence[k] = flip(valence[k]!);
      }
    } else if (expected >= 0) valence[expected] = -1.3;
    else if (SELF_NEGATIVE.has(neg)) valence[i] = -1.2;
    else if (words === 0) valence[i] = elidedOpinion(s, i);
  }
}

/** "The estimate was reasonable; the final bill was not.": a negator that ends its clause negates the
 *  opinion of the clause before it. */
function elidedOpinion(s: ScoredSentence, i: number): number {
  const { valence, clause } = s;
  for (let k = i - 1; k >= 0; k--) {
    if (clause[k]! < clause[i]! - 2) break;
    if (clause[k] !== clause[i] && valence[k] !== 0) return flip(valence[k]!);
  }
  return 0;
}

const PRAISE_VERBS = new Set(['recommend', 'say', 'thank', 'praise']);

function enoughAhead(s: ScoredSentence, i: number): boolean {
  for (let k = i + 2; k < Math.min(s.tokens.length, i + 8); k++) if (s.tokens[k]!.norm === 'enough') return true;
  return false;
}

/**
 * Negation of an opinion. Praise negated is a complaint at three quarters strength (VADER); a
 * complaint negated is only faint praise — understatement ("not bad", "not the worst", "wasn't
 * terrible") rarely means enthusiasm.
 */
function flip(v: number): number {
  return v > 0 ? v * N_SCALAR : Math.min(-v, 0.5 + 0.3 * -v);
}

function extendToCoordinated(s: ScoredSentence, k: number): void {
  const { tokens, valence, role } = s;
  const n = tokens[k + 1]?.norm;
  if ((n === 'or' || n === 'nor' || n === ',') && role[k + 2] === 'word' && valence[k + 2] !== 0) {
    valence[k + 2] = flip(valence[k + 2]!);
  }
}
