import type { AspectLexicon } from './aspect-lexicon.ts';
import { applyAnswers } from './internal/answered-questions.ts';
import { absaModel, type AbsaModel } from './model/absa-model.ts';
import { polarityOf } from './polarity.ts';
import { claimConfidence, isSure, MASS_FLOOR, readAspects } from './read-aspects.ts';
import { readRules, type RuleHit } from './read-rules.ts';
import { scoreSentence } from './score-sentence.ts';
import type { ScoredSentence } from './scored-sentence.ts';
import type { ReviewContext } from './model/sentence-features.ts';
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
  /** A term names the aspect (false: an implicit aspect, read from the whole sentence). */
  explicit: boolean;
  /** Calibrated probability that the sentence says this polarity about the aspect (`claimConfidence`; 0 when not measured: the rules alone). */
  confidence: number;
  /** Sure enough to quote (see `isSure` in read-aspects.ts). */
  sure: boolean;
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

/** Per aspect of the lexicon (in its order), the summed calibrated probability of a positive (`2a`) and a negative (`2a + 1`) opinion. */
export type OpinionMass = number[];

/**
 * Aspect mentions of analyzed sentences, one per aspect and sentence, and the opinion mass they add
 * up to. Every sentence goes through `readAspects` (rules, then the learned layers, calibrated):
 * the category layer decides which aspects the sentence speaks of — keeping rule mentions it
 * believes, vetoing spurious ones from weak or polysemous terms, adding implicit ones no term names —
 * and the polarity layer the polarity of each. A mention is `sure` when its calibrated confidence
 * passes the model's quote threshold: only sure mentions are ever quoted. The mass counts every
 * measured reading, kept or not, weighted by its probability: what the quantifier corrects. `review`: what is
 * known of the review the sentences come from (its star rating, which the polarity layer reads).
 */
export function readMentions(
  sentences: readonly AnalyzedSentence[],
  lexicon: AspectLexicon,
  model: AbsaModel = absaModel(),
  review: ReviewContext = {},
): { mentions: AspectMention[]; mass: OpinionMass } {
  const mentions: AspectMention[] = [];
  const index = new Map([...lexicon.labels.keys()].map((a, i) => [a, i]));
  const mass: OpinionMass = new Array<number>(2 * index.size).fill(0);
  sentences.forEach((sentence, i) => {
    if (!model.category && !model.polarity) {
      mentions.push(...ruleMentions(sentence, i, readRules(sentence.scored, lexicon).hits));
      return;
    }
    const { tokens } = sentence.scored;
    for (const r of readAspects(sentence.scored, lexicon, model, MASS_FLOOR, review)) {
      if (r.measured) {
        const a = index.get(r.aspect)!;
        mass[2 * a]! += r.mention * r.polarity.positive;
        mass[2 * a + 1]! += r.mention * r.polarity.negative;
      }
      if (!r.present) continue;
      const [start, end] = r.from !== null && r.to !== null ? [tokens[r.from]!.start, tokens[r.to - 1]!.end] : [sentence.start, sentence.end];
      mentions.push({
        aspect: r.aspect,
        sentence: i,
        ...r.reading,
        start,
        end,
        explicit: r.from !== null,
        confidence: claimConfidence(r, model),
        sure: isSure(r, model),
      });
    }
  });
  return { mentions, mass };
}

/** The mentions of `readMentions` alone. */
export function findAspectMentions(
  sentences: readonly AnalyzedSentence[],
  lexicon: AspectLexicon,
  model: AbsaModel = absaModel(),
  review: ReviewContext = {},
): AspectMention[] {
  return readMentions(sentences, lexicon, model, review).mentions;
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
    const mention = {
      aspect: hit.aspect,
      sentence: index,
      score: hit.score,
      polarity,
      start: tokens[hit.from]!.start,
      end: tokens[hit.to - 1]!.end,
      explicit: true,
      confidence: 0,
      sure: false,
    };
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
