import type { BusinessConfig } from '../schemas/business-schema.ts';
import type { Review } from '../schemas/review-schema.ts';
import { analyzeSentences, readMentions, type AspectMention, type OpinionMass } from './analyze-text.ts';
import type { AspectLexicon } from './aspect-lexicon.ts';
import type { AbsaModel } from './model/absa-model.ts';
import { mentionsInTokens, type Mentions } from './extract-mentions.ts';
import { quarterOf } from './quarter.ts';
import { scoreTarget } from './score-target.ts';
import type { ScoredSentence } from './scored-sentence.ts';
import type { Span } from './split-sentences.ts';
import { topicExclusions, topicPhrases, type TopicPhrase } from './topic-phrases.ts';

/** An aspect mention with its polarity decided. */
export type ClassifiedMention = AspectMention;

/**
 * What the aggregations read of a sentence: its span and its candidate topic phrases. Far narrower than the
 * reader's `AnalyzedSentence` (no tokens, valences, boosts…), so the type checker proves the aggregations need
 * nothing else — and the build's worker threads send and cache only these fields.
 */
export interface ReadSentence extends Span {
  phrases: readonly TopicPhrase[];
  /**
   * Character spans of the sentence's clauses, in order (a long sentence is quoted by the clause that holds the term);
   * absent when the sentence is one clause spanning all of it — most sentences: the analyses of 100k reviews held ~28 MB
   * of those one-span lists at once.
   */
  clauses?: readonly (readonly [start: number, end: number])[];
}

/** The character span of each run of tokens in one clause. */
function clauseSpans(s: Pick<ScoredSentence, 'tokens' | 'clause'>): [number, number][] {
  const spans: [number, number][] = [];
  s.tokens.forEach((t, i) => {
    if (i > 0 && s.clause[i] === s.clause[i - 1]) spans[spans.length - 1]![1] = t.end;
    else spans.push([t.start, t.end]);
  });
  return spans;
}

/** Everything the aggregations need from one review, computed once. */
export interface AnalyzedReview {
  review: Review;
  quarter: string;
  sentences: ReadSentence[];
  mentions: ClassifiedMention[];
  /** Calibrated opinion mass per aspect (see `readMentions`): what the quantifier corrects into shares. */
  mass: OpinionMass;
  /** Catalog entities named in each sentence (parallel to `sentences`). */
  named: Mentions[];
  /** Opinion of each sentence as a whole (parallel to `sentences`), for quotes about entities. */
  sentenceScores: number[];
  /** Why the text was not read: no text (rating-only) or not English (the lexicons are English). */
  unread: 'no-text' | 'language' | null;
}

/**
 * Reads one review: sentences, aspect mentions with polarity, and who/what each sentence names.
 * A rating-only review (empty text) yields no sentences and no mentions: it counts towards
 * ratings but is never read as an opinion about any aspect. So does a review not in English,
 * which an English lexicon would misread.
 */
export function analyzeReview(review: Review, business: BusinessConfig, lexicon: AspectLexicon, model?: AbsaModel): AnalyzedReview {
  const unread = !review.text.trim() ? 'no-text' : !/^en\b/.test(review.language) ? 'language' : null;
  const sentences = unread ? [] : analyzeSentences(review.text);
  const { mentions, mass } = readMentions(sentences, lexicon, model, { rating: review.rating });
  const caseless = review.text === review.text.toLowerCase();
  const named = sentences.map((s) => mentionsInTokens(review.text, s.scored.tokens, business, caseless));
  // A sentence's opinion is its aspect readings when it has some (so an entity quote agrees with
  // the aspect figures), else the rule score of the whole sentence.
  const sentenceScores = sentences.map((s, i) => {
    const own = mentions.filter((m) => m.sentence === i && m.polarity !== 'neutral');
    if (own.length) return own.reduce((sum, m) => sum + m.score, 0);
    return s.scored.tokens.length ? scoreTarget(s.scored, 0, s.scored.tokens.length) : 0;
  });
  const excluded = topicExclusions(business);
  const read = sentences.map((s): ReadSentence => {
    const clauses = clauseSpans(s.scored);
    const whole = clauses.length === 1 && clauses[0]![0] === s.start && clauses[0]![1] === s.end;
    return { start: s.start, end: s.end, phrases: topicPhrases(s.scored, review.text, excluded), ...(!whole && { clauses }) };
  });
  return { review, quarter: quarterOf(review.date), sentences: read, mentions, mass, named, sentenceScores, unread };
}
