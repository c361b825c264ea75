import { CONCESSION, NOT_AFTER_TOO, WH } from '../lexicon/clause-words.ts';
import { RULE_WEIGHTS } from '../lexicon/rule-weights.ts';
import { COMPARATIVES, COUNTERFACTUAL_EXCEPTIONS, COUNTERFACTUAL_PHRASES, COUNTERFACTUAL_STARTS } from '../lexicon/word-classes.ts';
import type { ScoredSentence } from '../scored-sentence.ts';
import { applyNegation, N_SCALAR } from './negation.ts';
import { buildPhraseTrie, matchPhrase } from './phrase-trie.ts';

const COUNTERFACTUALS = buildPhraseTrie(COUNTERFACTUAL_PHRASES.map((p) => [p, true] as const));
const W = RULE_WEIGHTS.modifiers;

/** Applies, in order: intensifiers and hedges, "too", negation (negation.ts), counterfactuals, concessions. */
export function applyModifiers(s: ScoredSentence): void {
  applyBoosters(s);
  applyToo(s);
  applyNegation(s);
  applyCounterfactual(s);
  applyConcession(s);
  applyIrony(s);
  applyAtBest(s);
}

// "The estimate was, shall we say, optimistic.": an irony marker turns the praise of its sentence
// into the complaint it hints at; with no praise to turn, it is a mild complaint itself.
// "It was okay, I suppose.", "fine, I guess": a hedge after faint praise makes it a faint complaint.
function applyIrony(s: ScoredSentence): void {
  const { role, valence } = s;
  const hedge = role.indexOf('hedge');
  if (hedge >= 0)
    for (let k = 0; k < hedge; k++)
      if (valence[k]! > 0 && valence[k]! <= W.faintPraise) valence[k] = -Math.max(W.hedgedComplaint, -valence[k]! * N_SCALAR);
  const at = role.indexOf('irony');
  if (at < 0) return;
  let flipped = false;
  for (let k = 0; k < valence.length; k++) {
    if (valence[k]! > 0) {
      valence[k] = valence[k]! * N_SCALAR;
      flipped = true;
    }
  }
  if (!flipped) valence[at] = W.irony;
}

// "adequate at best", "fine at best": the praise before "at best" is a complaint.
function applyAtBest(s: ScoredSentence): void {
  const { tokens, valence, clause } = s;
  for (let i = 1; i < tokens.length - 1; i++) {
    if (tokens[i]!.norm !== 'at' || tokens[i + 1]!.norm !== 'best') continue;
    for (let k = i - 1; k >= Math.max(0, i - 3) && clause[k] === clause[i]; k--) {
      if (valence[k]! > 0) {
        valence[k] = valence[k]! * N_SCALAR;
        break;
      }
    }
  }
}

// "The adjuster initially denied the claim": a setback the story then overturns, so the clause's
// complaint is dropped and the outcome in the next clause decides ("at first" works the same way).
// A "despite" clause is background of either sign ("despite making a mess, it was fun").
function applyConcession(s: ScoredSentence): void {
  const { tokens, valence, clause } = s;
  tokens.forEach((t, i) => {
    const atFirst = t.norm === 'first' && tokens[i - 1]?.norm === 'at';
    const despite = t.norm === 'despite' || (t.norm === 'in' && tokens[i + 1]?.norm === 'spite');
    if (!CONCESSION.has(t.norm) && !atFirst && !despite) return;
    for (let k = despite ? i : 0; k < tokens.length; k++) {
      if (clause[k] === clause[i] && (despite || valence[k]! < 0)) valence[k] = 0;
    }
  });
}

// A booster strengthens the next opinion word within two words of it ("really very good").
function applyBoosters(s: ScoredSentence): void {
  const { role, valence, boost, clause } = s;
  for (let i = 0; i < role.length; i++) {
    if (role[i] !== 'booster') continue;
    for (let k = i + 1; k <= i + W.boosterReach && k < role.length && clause[k] === clause[i]; k++) {
      const v = valence[k]!;
      if (v !== 0) {
        valence[k] = v + Math.sign(v) * boost[i]! * (k === i + 1 ? 1 : W.boosterFarShare);
        break;
      }
    }
  }
}

// "too" + an adjective is a complaint whatever the adjective ("too long", "too high").
function applyToo(s: ScoredSentence): void {
  const { tokens, valence, role } = s;
  for (let i = 0; i < tokens.length - 1; i++) {
    if (tokens[i]!.norm !== 'too' || (i > 0 && NOT_AFTER_TOO.has(tokens[i - 1]!.norm))) continue;
    const k = role[i + 1] === 'booster' ? i + 2 : i + 1;
    if (!tokens[k]?.word || role[k] !== 'word') continue;
    valence[k] = valence[k]! < 0 ? valence[k]! * W.tooComplaint : W.too;
  }
}

// "The office could be a little more organized", "could stand to be tidier": "could (stand to) be" before a
// comparative asks for more of what is praised, a complaint. Returns true when it handled `start`.
function wantsMore(s: ScoredSentence, start: number): boolean {
  const { tokens, valence, clause } = s;
  if (tokens[start]!.norm !== 'could') return false;
  let k = start + 1;
  if (tokens[k]?.norm === 'stand' && tokens[k + 1]?.norm === 'to') k += 2;
  if (tokens[k]?.norm === 'have' && tokens[k + 1]?.norm === 'been') k++;
  if (tokens[k]?.norm !== 'be' && tokens[k]?.norm !== 'been') return false;
  for (let j = k + 1; j <= k + 4 && j < tokens.length && clause[j] === clause[start]; j++) {
    const w = tokens[j]!.norm;
    if (w === 'more' || COMPARATIVES.has(w) || (/[a-z]{3}(ier|er)$/.test(w) && valence[j]! > 0)) {
      let flipped = false;
      for (let v = j; v < Math.min(tokens.length, j + 3); v++) {
        if (valence[v]! > 0) {
          valence[v] = valence[v]! * N_SCALAR;
          flipped = true;
          break;
        }
      }
      if (!flipped) valence[start] = W.wish;
      return true;
    }
  }
  return false;
}

// "It would have been nice to get a call": praise after a counterfactual marker reports what did
// not happen. With no praise to flip, the marker itself reads as mild disappointment.
function applyCounterfactual(s: ScoredSentence): void {
  const { tokens, valence, clause } = s;
  if (!tokens.some((t) => COUNTERFACTUAL_STARTS.has(t.norm))) return; // most sentences: nothing to do
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!.norm;
    // "if I could give ten stars", "I wish I could give them more stars": praise, not a wish
    if ((t === 'if' || t === 'wish') && (tokens[i + 1]?.norm === 'i' || tokens[i + 1]?.norm === 'we') && tokens[i + 2]?.norm === 'could') return;
  }
  for (let start = 0; start < tokens.length; start++) {
    if (!COUNTERFACTUAL_STARTS.has(tokens[start]!.norm)) continue;
    if (wantsMore(s, start) || (s.phrase[start] && valence[start]! > 0)) continue; // "expected to pay a lot more" is a phrase of praise
    if (s.role.some((r, k) => k < start && r === 'negator' && clause[k] === clause[start])) continue; // "I don't think they could have done better"
    const m = matchPhrase(COUNTERFACTUALS, tokens, start);
    const before = tokens[start - 1]?.norm ?? '';
    const beforeSubject = before === 'i' || before === 'we' || before === 'they' ? (tokens[start - 2]?.norm ?? '') : '';
    if (!m || COUNTERFACTUAL_EXCEPTIONS.has(before) || COUNTERFACTUAL_EXCEPTIONS.has(beforeSubject)) continue; // "bigger than I expected"
    const end = start + m.length;
    for (let k = start; k < end; k++) valence[k] = Math.min(0, valence[k]!); // "would have liked" is no praise
    let flipped = false;
    for (let k = end; k < tokens.length && clause[k] === clause[start]; k++) {
      if (valence[k]! > 0) {
        valence[k] = valence[k]! * N_SCALAR;
        flipped = true;
      }
    }
    if (!flipped && !WH.has(tokens[0]!.norm)) valence[start] = Math.min(valence[start]!, W.wish); // not "When is it supposed to…?"
    start = end - 1;
  }
}
