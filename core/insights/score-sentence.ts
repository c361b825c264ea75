import { applyContextRules } from './internal/context-rules.ts';
import { applyModifiers } from './internal/modifiers.ts';
import { matchPhrase } from './internal/phrase-trie.ts';
import { N_SCALAR } from './internal/negation.ts';
import { CONCESSIVE, CONTINUATION, CUSTOMER_SUBJECTS, DEGREE, LINKS, SUBJECTS, VERDICT_VERBS } from './lexicon/clause-words.ts';
import { RULE_WEIGHTS } from './lexicon/rule-weights.ts';
import { CLAUSE_QUOTES } from './lexicon/text-marks.ts';
import { BOOSTERS, CONTRAST } from './lexicon/word-classes.ts';
import { comparativeValence, derivedValence, SENTIMENT_PHRASES, wordValence } from './sentiment-lexicon.ts';
import { isNegator, type ScoredSentence, type TokenRole } from './scored-sentence.ts';
import type { Token } from './tokenize.ts';

/**
 * Scores one sentence's tokens. Reads phrases first (longest match), then single words from the
 * lexicon, then applies, in order: domain context rules (a leak that is fixed is good news),
 * intensifiers and hedges, negation with a bounded scope, and counterfactuals ("would have been
 * nice to get a call"). Pure and allocation-light: it runs on every sentence of every review.
 */
export function scoreSentence(tokens: readonly Token[]): ScoredSentence {
  const n = tokens.length;
  const s: ScoredSentence = {
    tokens,
    valence: new Array<number>(n).fill(0),
    role: new Array<TokenRole>(n).fill('word'),
    boost: new Array<number>(n).fill(0),
    immune: new Array<boolean>(n).fill(false),
    phrase: new Array<boolean>(n).fill(false),
    clause: new Array<number>(n).fill(0),
    afterContrast: [false],
    continues: [false],
    exclamations: 0,
    answer: 0,
  };
  readTokens(s);
  splitClauses(s);
  applyContextRules(s);
  applyModifiers(s);
  return s;
}

function readTokens(s: ScoredSentence): void {
  const { tokens } = s;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!t.word) {
      s.role[i] = 'punct';
      if (t.norm === '!') s.exclamations++;
      continue;
    }
    const m = matchPhrase(SENTIMENT_PHRASES, tokens, i);
    if (m && (m.length > 1 || typeof m.value !== 'number')) {
      for (let k = i + 1; k < i + m.length; k++) s.role[k] = 'part';
      if (typeof m.value === 'number') {
        s.valence[i] = m.value;
        s.phrase[i] = true;
        s.immune[i] = tokens.slice(i, i + m.length).some((x) => isNegator(x.norm));
      } else if (m.value === 'booster' || m.value === 'downtoner') {
        s.role[i] = 'booster';
        s.boost[i] = m.value === 'booster' ? RULE_WEIGHTS.modifiers.booster : -RULE_WEIGHTS.modifiers.booster;
      } else s.role[i] = m.value === 'negator' || m.value === 'contrast' || m.value === 'irony' || m.value === 'hedge' ? m.value : 'inert';
      i += m.length - 1;
      continue;
    }
    const clauseStart = i === 0 || s.role[i - 1] === 'punct';
    if (isNegator(t.norm) || ((t.norm === 'less' || t.norm === 'least') && wordValence(tokens[i + 1]?.norm ?? '') !== 0))
      s.role[i] = 'negator'; // "less responsive", "the least helpful"
    else if (CONTRAST.has(t.norm) || (clauseStart && (t.norm === 'while' || (i > 0 && t.norm === 'just')))) {
      s.role[i] = 'contrast';
      s.valence[i] = wordValence(t.norm); // "unfortunately" is both a contrast and a complaint
    } else if (BOOSTERS.has(t.norm) && nextIsWord(tokens, i) && !(t.norm === 'more' && tokens[i + 1]!.norm === 'than')) {
      s.role[i] = 'booster';
      s.boost[i] = BOOSTERS.get(t.norm)!;
    } else if (t.norm === 'well' && clauseStart && tokens[i + 1]?.word === false) {
      s.role[i] = 'inert'; // the discourse marker "Well, …"
    } else s.valence[i] = wordValence(t.norm) || inferredValence(tokens, i);
  }
}

// Before "than" or after a degree word ("flimsier than", "much slower", "far nicer"), or after
// "the" ("the friendliest"), an -er/-est word is a comparative of an opinion word; -ly and -ed forms
// take the valence of their base ("rudely", "helped").
function thanAhead(tokens: readonly Token[], i: number): boolean {
  for (let k = i + 1; k <= i + RULE_WEIGHTS.derivation.thanReach && tokens[k]?.word; k++) if (tokens[k]!.norm === 'than') return true;
  return false;
}

function inferredValence(tokens: readonly Token[], i: number): number {
  const t = tokens[i]!;
  if (t.capital && i > 0) return 0; // a name ("Mr. Miller")
  const v = derivedValence(t.norm);
  if (v !== 0) return v;
  if (DEGREE.has(tokens[i - 1]?.norm ?? '') || thanAhead(tokens, i)) return comparativeValence(t.norm);
  return 0;
}

// Punctuation inside a sentence and contrast markers start a new clause. A clause that follows a
// contrast is marked so that opinions are not carried across it ("great crew but the cleanup was
// poor"). A concessive that opens the sentence ("Although the crew was friendly, …") makes the next
// punctuation boundary the contrast instead.
function splitClauses(s: ScoredSentence): void {
  const { tokens, role } = s;
  let c = 0;
  let pending = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const newSubject = (t.norm === 'and' || t.norm === 'so') && SUBJECTS.has(tokens[i + 1]?.norm ?? '') && role[i - 1] !== 'punct';
    if ((role[i] === 'punct' && i > 0 && i < tokens.length - 1 && !CLAUSE_QUOTES.has(t.norm)) || newSubject) {
      s.clause[i] = c++;
      s.afterContrast[c] = pending;
      s.continues[c] = !newSubject && !pending && role[i + 1] !== 'contrast' && continuesClause(s, i + 1);
      pending = false;
      continue;
    }
    if (t.norm === 'until' && role[i] === 'word' && praiseBefore(s, i) > 0) {
      // "It worked great until the warranty ran out", "all good until the final bill": what happened
      // after "until" ended the praise, so it carries the praise's negation
      role[i] = 'contrast';
      s.valence[i] = N_SCALAR * praiseBefore(s, i);
      c++;
      s.afterContrast[c] = true;
      s.continues[c] = false;
      s.clause[i] = c;
      continue;
    }
    if (role[i] === 'contrast') {
      const startsClause = i === 0 || role[i - 1] === 'punct';
      let end = i + 1;
      while (role[end] === 'part') end++;
      if (startsClause && i > 1 && role[end] === 'punct' && tokens[end]!.norm === ',' && c > 0) {
        // "the office, on the other hand, was a disaster": a parenthetical contrast separates the
        // clause before its subject from the rest, not the subject from its predicate: the marker
        // and what follows it rejoin the subject's clause.
        s.afterContrast[c - 1] = true;
        c--;
        for (let k = i - 1; k >= 0 && role[k] === 'punct'; k--) s.clause[k] = c;
        for (let k = i; k <= end; k++) s.clause[k] = c;
        i = end;
        continue;
      }
      if (!startsClause) c++;
      if (i === 0 && CONCESSIVE.has(t.norm)) pending = true;
      else {
        s.afterContrast[c] = true;
        // a concession after the main clause ("great, even if it took longer") is background, not the last word
        s.continues[c] = !CONCESSIVE.has(t.norm) && t.norm !== 'even' && continuesClause(s, end);
      }
    }
    s.clause[i] = c;
  }
}

/** The strongest praise before token `i`, unless a negator or contrast comes between. */
function praiseBefore(s: ScoredSentence, i: number): number {
  let best = 0;
  for (let k = 0; k < i; k++) {
    if (s.role[k] === 'negator' || s.role[k] === 'contrast') best = 0;
    else if (s.valence[k]! > best) best = s.valence[k]!;
  }
  return best;
}

/**
 * Whether the clause starting at token `k` (after a contrast marker or a comma) goes on about the
 * same subject: it does when it opens with an opinion, a hedge or intensifier, a negation, a word
 * that names no new subject ("it", "was", "nothing") or the customer's verdict on the company
 * ("fast but careless", "fine, but nothing to rave about", "friendly but a bit slow", "but it was
 * cold", "okay, nothing special", "…, but I wouldn't hire them again"); not when it names a new
 * subject or object ("but the cleanup was poor", "but did solid work") or when its opinion word
 * opens a noun phrase ("nice people, terrible communication").
 */
function continuesClause(s: ScoredSentence, k: number): boolean {
  const next = s.tokens[k];
  if (!next || !next.word) return false;
  if (CONTINUATION.has(next.norm) || s.role[k] === 'negator') return true;
  // "…, but I wouldn't hire them again": the customer's verdict on the company goes with the subject
  if (CUSTOMER_SUBJECTS.has(next.norm) && [1, 2, 3].some((d) => VERDICT_VERBS.has(s.tokens[k + d]?.norm ?? ''))) return true;
  let j = k;
  while (s.role[j] === 'booster') j++;
  if (s.valence[j] === 0 && wordValence(s.tokens[j]?.norm ?? '') === 0) return j > k && s.role[j] === 'negator';
  // An opinion word before a noun opens a noun phrase of its own: "nice people, terrible communication".
  const after = s.tokens[j + 1];
  return !(s.role[j] === 'word' && !s.phrase[j] && after?.word && s.role[j + 1] === 'word' && !LINKS.has(after.norm));
}

function nextIsWord(tokens: readonly Token[], i: number): boolean {
  return tokens[i + 1]?.word === true;
}
