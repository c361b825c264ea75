import { findAspectTerms, type AspectLexicon } from './aspect-lexicon.ts';
import { applyAnswers } from './internal/answered-questions.ts';
import { absaModel, type AbsaModel } from './model/absa-model.ts';
import { readSentence } from './model/predict.ts';
import type { RuleEvidence } from './model/sentence-features.ts';
import { scoreSentence } from './score-sentence.ts';
import type { ScoredSentence } from './scored-sentence.ts';
import { polarityOf } from './polarity.ts';
import { scoreTarget } from './score-target.ts';
import { splitSentences, type Span } from './split-sentences.ts';
import { tokenize } from './tokenize.ts';
import type { AspectId } from '../schemas/business-schema.ts';
import type { Polarity } from '../schemas/insights-schema.ts';

/** A sentence of a text with its scored tokens (token offsets are offsets into the whole text). */
export interface AnalyzedSentence extends Span {
  scored: ScoredSentence;
}

/** One aspect spoken of in one sentence, with the strongest-scoring of its terms there. */
export interface AspectMention {
  aspect: AspectId;
  sentence: number;
  score: number;
  polarity: Polarity;
  /** Character range of the term in the text (the whole sentence for an implicit aspect). */
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

/** A lexicon term the rules count as a mention, with its token range and rule score. */
export interface RuleHit {
  aspect: AspectId;
  from: number;
  to: number;
  score: number;
}

/**
 * What the rules read in one sentence: the counted term hits (a weak term needs an opinion next
 * to it; a term about another party does not count) and, per aspect, the evidence the category
 * model takes as features.
 */
export function readRules(s: ScoredSentence, lexicon: AspectLexicon): { hits: RuleHit[]; evidence: RuleEvidence[] } {
  const hits: RuleHit[] = [];
  const evidence = new Map<AspectId, RuleEvidence>();
  for (const hit of findAspectTerms(s.tokens, lexicon)) {
    const e = evidence.get(hit.aspect) ?? { aspect: hit.aspect, strong: false, weak: false, weakNear: false, other: false, mention: false };
    evidence.set(hit.aspect, e);
    const near = hit.weak && opinionNear(s, hit.from, hit.to);
    if (hit.weak) e.weak = true;
    else e.strong = true;
    if (near) e.weakNear = true;
    if (hit.weak && !near) continue;
    if (aboutSomeoneElse(s, hit.from)) {
      e.other = true;
      continue;
    }
    e.mention = true;
    hits.push({ aspect: hit.aspect, from: hit.from, to: hit.to, score: scoreTarget(s, hit.from, hit.to) });
  }
  return { hits, evidence: [...evidence.values()] };
}

/**
 * Aspect mentions of analyzed sentences, one per aspect and sentence. The rules find the business
 * lexicon's terms and score them; the learned model (model/, when trained) then decides which
 * aspects the sentence speaks of — keeping rule mentions it believes, vetoing spurious ones from
 * weak or polysemous terms, adding implicit ones no term names — and the polarity of each, stacked
 * on the rule score of its strongest term (or of the sentence, for an implicit aspect).
 */
export function findAspectMentions(sentences: readonly AnalyzedSentence[], lexicon: AspectLexicon, model: AbsaModel = absaModel()): AspectMention[] {
  const out: AspectMention[] = [];
  sentences.forEach((sentence, index) => {
    const s = sentence.scored;
    const { hits, evidence } = readRules(s, lexicon);
    if (!model.category && !model.polarity) {
      out.push(...ruleMentions(sentence, index, hits));
      return;
    }
    const strongest = new Map<AspectId, RuleHit>();
    for (const h of hits) if (Math.abs(h.score) > Math.abs(strongest.get(h.aspect)?.score ?? -1)) strongest.set(h.aspect, h);
    const reader = readSentence(model, s);
    const p = reader.categories(evidence);
    let sentenceScore: number | null = null;
    for (const aspect of lexicon.labels.keys()) {
      const hit = strongest.get(aspect);
      const prob = p.get(aspect);
      const present = prob === undefined ? hit !== undefined : hit ? prob >= model.category!.veto : prob >= model.category!.threshold;
      if (!present) continue;
      sentenceScore ??= s.tokens.length ? scoreTarget(s, 0, s.tokens.length) : 0;
      const reading = reader.polarity(hit?.from ?? null, hit?.to ?? null, aspect, hit?.score ?? sentenceScore, sentenceScore);
      const [start, end] = hit ? [s.tokens[hit.from]!.start, s.tokens[hit.to - 1]!.end] : [sentence.start, sentence.end];
      out.push({ aspect, sentence: index, ...reading, start, end });
    }
  });
  return out;
}

/**
 * The rules alone: the strongest term per aspect and polarity; several terms of one aspect make
 * one mention, except when the sentence praises and criticises the aspect at once ("cleaned up
 * well, though the dumpster sat in the driveway for ten days"): then one of each.
 */
function ruleMentions(sentence: AnalyzedSentence, index: number, hits: readonly RuleHit[]): AspectMention[] {
  const { tokens } = sentence.scored;
  const best = new Map<string, AspectMention>();
  for (const hit of hits) {
    const polarity = polarityOf(hit.score);
    const mention = { aspect: hit.aspect, sentence: index, score: hit.score, polarity, start: tokens[hit.from]!.start, end: tokens[hit.to - 1]!.end };
    const key = `${hit.aspect}:${polarity}`;
    const prev = best.get(key);
    if (!prev || Math.abs(hit.score) > Math.abs(prev.score)) best.set(key, mention);
  }
  const out: AspectMention[] = [];
  for (const [key, m] of best) {
    // A neutral reading only stands when the sentence has no opinion on the aspect either way.
    if (key.endsWith(':neutral') && (best.has(`${m.aspect}:positive`) || best.has(`${m.aspect}:negative`))) continue;
    out.push(m);
  }
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
const PARTIES = new Set([
  'roofer',
  'roofers',
  'company',
  'companies',
  'contractor',
  'contractors',
  'crew',
  'crews',
  'guys',
  'handyman',
  'bid',
  'bids',
  'quote',
  'quotes',
  'estimate',
  'estimates',
  'outfit',
  'installer',
  'installers',
]);

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
