import { findAspectTerms, type AspectLexicon } from './aspect-lexicon.ts';
import { applyAnswers } from './internal/answered-questions.ts';
import { scoreSentence } from './score-sentence.ts';
import type { ScoredSentence } from './scored-sentence.ts';
import { polarityOf } from './polarity.ts';
import { scoreTarget } from './score-target.ts';
import { splitSentences, type Span } from './split-sentences.ts';
import { tokenize } from './tokenize.ts';
import type { AspectId } from '../schemas/business-schema.ts';

/** A sentence of a text with its scored tokens (token offsets are offsets into the whole text). */
export interface AnalyzedSentence extends Span {
  scored: ScoredSentence;
}

/** One aspect spoken of in one sentence, with the strongest-scoring of its terms there. */
export interface AspectMention {
  aspect: AspectId;
  sentence: number;
  score: number;
  /** Character range of the term in the text. */
  start: number;
  end: number;
}

/** Splits a text into sentences and scores each one. Tokenizes once for the whole text. */
export function analyzeSentences(text: string): AnalyzedSentence[] {
  const tokens = tokenize(text);
  const out: AnalyzedSentence[] = [];
  let k = 0;
  for (const span of splitSentences(text)) {
    while (k < tokens.length && tokens[k]!.start < span.start) k++;
    const from = k;
    while (k < tokens.length && tokens[k]!.end <= span.end) k++;
    out.push({ ...span, scored: scoreSentence(tokens.slice(from, k)) });
  }
  applyAnswers(out.map((s) => s.scored));
  return out;
}

/**
 * Aspect mentions of analyzed sentences: every term of the business lexicon, scored against its
 * sentence. Several terms of one aspect in one sentence make one mention (the strongest opinion),
 * except when the sentence holds praise and complaint about the aspect at once ("cleaned up well,
 * though the dumpster sat in the driveway for ten days"): then it makes one of each.
 */
export function findAspectMentions(sentences: readonly AnalyzedSentence[], lexicon: AspectLexicon): AspectMention[] {
  const out: AspectMention[] = [];
  sentences.forEach((sentence, index) => {
    const { tokens } = sentence.scored;
    const best = new Map<string, AspectMention>();
    for (const hit of findAspectTerms(tokens, lexicon)) {
      if (hit.weak && !opinionNear(sentence.scored, hit.from, hit.to)) continue;
      if (aboutSomeoneElse(sentence.scored, hit.from)) continue;
      const score = scoreTarget(sentence.scored, hit.from, hit.to);
      const mention = { aspect: hit.aspect, sentence: index, score, start: tokens[hit.from]!.start, end: tokens[hit.to - 1]!.end };
      const key = `${hit.aspect}:${polarityOf(score)}`;
      const prev = best.get(key);
      if (!prev || Math.abs(score) > Math.abs(prev.score)) best.set(key, mention);
    }
    for (const [key, m] of best) {
      // A neutral reading only stands when the sentence has no opinion on the aspect either way.
      if (key.endsWith(':neutral') && (best.has(`${m.aspect}:positive`) || best.has(`${m.aspect}:negative`))) continue;
      out.push(m);
    }
  });
  return out;
}

/** Words a weak term may be away from an opinion word and still count ("did a really great job"). */
const WEAK_REACH = 3;

function opinionNear(s: ScoredSentence, from: number, to: number): boolean {
  for (let k = Math.max(0, from - WEAK_REACH); k < Math.min(s.tokens.length, to + WEAK_REACH); k++) {
    if (s.valence[k] !== 0 && s.clause[k] === s.clause[from]) return true;
  }
  return false;
}

/** Words that put a term on another party: "the other roofers", "another company that charged…". */
const OTHER_PARTY = new Set(['other', 'another', 'previous', 'prior', 'former', 'first', 'old', 'handyman']);
const PARTIES = new Set(['roofer', 'roofers', 'company', 'companies', 'contractor', 'contractors', 'crew', 'crews', 'guys',
  'handyman', 'bid', 'bids', 'quote', 'quotes', 'estimate', 'estimates', 'outfit', 'installer', 'installers']);

// Comparisons with competitors and the previous roof are common in roofing reviews; their praise
// and complaints are not about this business. A term is someone else's when one of the four words
// before it is "other", "previous"… or when its clause is about "another company", "the other roofers".
function aboutSomeoneElse(s: ScoredSentence, from: number): boolean {
  const { tokens, clause } = s;
  for (let k = Math.max(0, from - 4); k < from; k++) {
    if (tokens[k]!.word && OTHER_PARTY.has(tokens[k]!.norm) && clause[k] === clause[from]) return true;
  }
  for (let k = from - 1; k >= 0 && clause[k] === clause[from]; k--) {
    if (PARTIES.has(tokens[k]!.norm) && [1, 2].some((d) => OTHER_PARTY.has(tokens[k - d]?.norm ?? ''))) return true;
  }
  return false;
}
