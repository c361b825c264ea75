import { applyContextRules } from './internal/context-rules.ts';
import { applyModifiers } from './internal/modifiers.ts';
import { matchPhrase } from './internal/phrase-trie.ts';
import { BOOSTERS, CONTRAST, NEGATORS } from './lexicon/word-classes.ts';
import { SENTIMENT_PHRASES, wordValence } from './sentiment-lexicon.ts';
import type { Token } from './tokenize.ts';

/** How a token takes part in scoring. `part` = covered by a phrase that starts earlier. */
export type TokenRole = 'word' | 'punct' | 'negator' | 'booster' | 'contrast' | 'inert' | 'part';

/** Per-token sentiment of one sentence, after context, intensifiers and negation are applied. */
export interface ScoredSentence {
  tokens: readonly Token[];
  valence: number[];
  role: TokenRole[];
  /** Booster strength (negative for hedges) of tokens whose role is `booster`. */
  boost: number[];
  /** True where the valence came from a phrase that holds its own negation ("never called back"). */
  immune: boolean[];
  /** True at the first token of a multi-word expression: its valence is fixed, context rules skip it. */
  phrase: boolean[];
  /** Clause index of each token; clauses are split at punctuation and contrast markers. */
  clause: number[];
  /** For each clause index: true when it begins at a contrast marker ("…, but the cleanup…"). */
  afterContrast: boolean[];
  /**
   * For each clause index: true when a contrast clause has no subject of its own and so continues
   * the previous one ("the dim sum is ok but doesn't taste fresh", "…but it was cold").
   */
  continues: boolean[];
  /** Number of exclamation marks: emphasis for whatever the sentence says. */
  exclamations: number;
  /** Opinion lent to a question by the short answer after it ("Did they clean up? Not really."). */
  answer: number;
}

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
        s.boost[i] = m.value === 'booster' ? 0.293 : -0.293;
      } else s.role[i] = m.value === 'negator' ? 'negator' : m.value === 'contrast' ? 'contrast' : 'inert';
      i += m.length - 1;
      continue;
    }
    const clauseStart = i === 0 || s.role[i - 1] === 'punct';
    if (isNegator(t.norm) || (t.norm === 'less' && wordValence(tokens[i + 1]?.norm ?? '') !== 0)) s.role[i] = 'negator'; // "less responsive"
    else if (CONTRAST.has(t.norm) || (clauseStart && (t.norm === 'while' || (i > 0 && t.norm === 'just')))) {
      s.role[i] = 'contrast';
      s.valence[i] = wordValence(t.norm); // "unfortunately" is both a contrast and a complaint
    } else if (BOOSTERS.has(t.norm) && nextIsWord(tokens, i)) {
      s.role[i] = 'booster';
      s.boost[i] = BOOSTERS.get(t.norm)!;
    } else if (t.norm === 'well' && clauseStart && tokens[i + 1]?.word === false) {
      s.role[i] = 'inert'; // the discourse marker "Well, …"
    } else s.valence[i] = wordValence(t.norm);
  }
}

// Punctuation inside a sentence and contrast markers start a new clause. A clause that follows a
// contrast is marked so that opinions are not carried across it ("great crew but the cleanup was
// poor"). A concessive that opens the sentence ("Although the crew was friendly, …") makes the next
// punctuation boundary the contrast instead.
const CONCESSIVE = new Set(['although', 'though', 'whereas', 'while']);

function splitClauses(s: ScoredSentence): void {
  const { tokens, role } = s;
  let c = 0;
  let pending = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const newSubject = (t.norm === 'and' || t.norm === 'so') && SUBJECTS.has(tokens[i + 1]?.norm ?? '') && role[i - 1] !== 'punct';
    if ((role[i] === 'punct' && i > 0 && i < tokens.length - 1 && !QUOTES.has(t.norm)) || newSubject) {
      s.clause[i] = c++;
      s.afterContrast[c] = pending;
      pending = false;
      continue;
    }
    if (role[i] === 'contrast') {
      const startsClause = i === 0 || role[i - 1] === 'punct';
      let end = i + 1;
      while (role[end] === 'part') end++;
      if (startsClause && i > 1 && role[end] === 'punct' && tokens[end]!.norm === ',' && c > 0) {
        // "the office, on the other hand, was a disaster": a parenthetical contrast separates the
        // clause before its subject from the rest, not the subject from its predicate.
        s.afterContrast[c - 1] = true;
        s.clause[i] = c;
        continue;
      }
      if (!startsClause) c++;
      if (i === 0 && CONCESSIVE.has(t.norm)) pending = true;
      else {
        s.afterContrast[c] = true;
        const next = tokens[i + 1]?.norm ?? '';
        s.continues[c] = CONTINUATION.has(next) || wordValence(next) !== 0;
      }
    }
    s.clause[i] = c;
  }
}

const QUOTES = new Set(['"', '“', '”']);
// "and"/"so" before a new subject starts a clause: "they came back twice and the skylight still drips".
const SUBJECTS = new Set(['the', 'they', 'it', 'he', 'she', 'we', 'i', 'my', 'our', 'their', 'his', 'her', 'there']);
// Words that open a clause without naming a new subject: the clause is still about the last one.
const CONTINUATION = new Set(`it its it's is was were are be been has had have doesn't didn't
  don't wasn't isn't aren't weren't can could can't couldn't would wouldn't will won't should tastes taste looks
  seems seemed also still not overall`.split(/\s+/));

/** True for negators, including any "n't" contraction. */
export function isNegator(norm: string): boolean {
  return NEGATORS.has(norm) || norm.endsWith("n't");
}

function nextIsWord(tokens: readonly Token[], i: number): boolean {
  return tokens[i + 1]?.word === true;
}
