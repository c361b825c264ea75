import { COUNTERFACTUAL_EXCEPTIONS, COUNTERFACTUAL_PHRASES } from '../lexicon/word-classes.ts';
import type { ScoredSentence } from '../score-sentence.ts';
import { applyNegation, N_SCALAR } from './negation.ts';
import { buildPhraseTrie, matchPhrase } from './phrase-trie.ts';

const COUNTERFACTUALS = buildPhraseTrie(COUNTERFACTUAL_PHRASES.map((p) => [p, true] as const));
const COUNTERFACTUAL_STARTS = new Set(COUNTERFACTUAL_PHRASES.map((p) => p.split(' ')[0]!));

const NOT_AFTER_TOO = new Set(['me', 'as', 'them', 'us', 'it', 'and']);

/** Applies, in order: intensifiers and hedges, "too", negation (negation.ts), counterfactuals, concessions. */
export function applyModifiers(s: ScoredSentence): void {
  applyBoosters(s);
  applyToo(s);
  applyNegation(s);
  applyCounterfactual(s);
  applyConcession(s);
}

const CONCESSION = new Set(['initially', 'originally']);

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
    for (let k = i + 1; k <= i + 3 && k < role.length && clause[k] === clause[i]; k++) {
      const v = valence[k]!;
      if (v !== 0) {
        valence[k] = v + Math.sign(v) * boost[i]! * (k === i + 1 ? 1 : 0.95);
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
    valence[k] = valence[k]! < 0 ? valence[k]! * 1.3 : -1.2;
  }
}

// "It would have been nice to get a call": praise after a counterfactual marker reports what did
// not happen. With no praise to flip, the marker itself reads as mild disappointment.
function applyCounterfactual(s: ScoredSentence): void {
  const { tokens, valence, clause } = s;
  if (!tokens.some((t) => COUNTERFACTUAL_STARTS.has(t.norm))) return; // most sentences: nothing to do
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!.norm;
    if (t === 'if' && (tokens[i + 1]?.norm === 'i' || tokens[i + 1]?.norm === 'we') && tokens[i + 2]?.norm === 'could') return;
  }
  for (let start = 0; start < tokens.length; start++) {
    if (!COUNTERFACTUAL_STARTS.has(tokens[start]!.norm)) continue;
    const m = matchPhrase(COUNTERFACTUALS, tokens, start);
    if (!m || COUNTERFACTUAL_EXCEPTIONS.has(tokens[start - 1]?.norm ?? '')) continue;
    const end = start + m.length;
    for (let k = start; k < end; k++) valence[k] = Math.min(0, valence[k]!); // "would have liked" is no praise
    let flipped = false;
    for (let k = end; k < tokens.length && clause[k] === clause[start]; k++) {
      if (valence[k]! > 0) {
        valence[k] = valence[k]! * N_SCALAR;
        flipped = true;
      }
    }
    if (!flipped) valence[start] = Math.min(valence[start]!, -0.9);
    start = end - 1;
  }
}
