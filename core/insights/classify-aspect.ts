import type { AspectId } from '../schemas/business-schema.ts';
import type { Polarity } from '../schemas/insights-schema.ts';
import { analyzeSentences, findAspectMentions } from './analyze-text.ts';
import { findAspectTerms, type AspectLexicon } from './aspect-lexicon.ts';
import { absaModel, type AbsaModel } from './model/absa-model.ts';
import { readSentence } from './model/predict.ts';
import type { ReviewContext } from './model/sentence-features.ts';
import { polarityOf } from './polarity.ts';
import { scoreTarget } from './score-target.ts';

/**
 * Polarity of the aspect term at characters `[from, to)` of `text` — the SemEval-2014 task 4
 * setting. Only the sentence holding the term is read. The aspect the term belongs to is `aspect`
 * when given, else looked up in the lexicon ("none" when it is not a lexicon term).
 */
export function classifyTerm(
  text: string,
  from: number,
  to: number,
  opts: { aspect?: AspectId; lexicon?: AspectLexicon; model?: AbsaModel; review?: ReviewContext } = {},
): Polarity {
  const sentences = analyzeSentences(text);
  const sentence = sentences.find((s) => from >= s.start && from < s.end) ?? sentences[0];
  if (!sentence) return 'neutral';
  const s = sentence.scored;
  let a = s.tokens.findIndex((t) => t.end > from);
  if (a < 0) a = 0;
  let b = a;
  while (b < s.tokens.length && s.tokens[b]!.start < to) b++;
  b = Math.max(b, a + 1);
  const aspect = opts.aspect ?? (opts.lexicon && findAspectTerms(s.tokens.slice(a, b), opts.lexicon)[0]?.aspect) ?? 'none';
  const sentenceScore = s.tokens.length ? scoreTarget(s, 0, s.tokens.length) : 0;
  return readSentence(opts.model ?? absaModel(), s, opts.review).polarity({ from: a, to: b, aspect, ruleScore: scoreTarget(s, a, b), sentenceScore })
    .reading.polarity;
}

/**
 * Polarity of an aspect category in a text: the sum over the sentences that mention it. When no
 * sentence does, the sentence the category model finds likeliest to be about it (or, without a
 * model, the whole text) stands in — a review that says only "Terrible." about an aspect it was
 * asked about.
 */
export function classifyAspect(
  text: string,
  aspect: AspectId,
  lexicon: AspectLexicon,
  model: AbsaModel = absaModel(),
  review: ReviewContext = {},
): Polarity {
  const sentences = analyzeSentences(text);
  const mentions = findAspectMentions(sentences, lexicon, model, review).filter((m) => m.aspect === aspect);
  if (mentions.length > 0) return polarityOf(mentions.reduce((sum, m) => sum + m.score, 0));
  let best = -1;
  let bestP = -1;
  sentences.forEach((s, i) => {
    const p = readSentence(model, s.scored).categories([]).get(aspect) ?? -1;
    if (s.scored.tokens.length && p > bestP) [best, bestP] = [i, p];
  });
  if (best >= 0 && model.polarity) {
    const s = sentences[best]!.scored;
    const score = scoreTarget(s, 0, s.tokens.length);
    return readSentence(model, s, review).polarity({ from: null, to: null, aspect, ruleScore: score, sentenceScore: score }).reading.polarity;
  }
  let total = 0;
  for (const s of sentences) if (s.scored.tokens.length > 0) total += scoreTarget(s.scored, 0, s.scored.tokens.length);
  return polarityOf(total);
}

/** Aspects a text speaks of, one polarity each (sum over its mentions), in inventory order. */
export function detectAspects(
  text: string,
  lexicon: AspectLexicon,
  model: AbsaModel = absaModel(),
  review: ReviewContext = {},
): { aspect: AspectId; polarity: Polarity }[] {
  const totals = new Map<AspectId, number>();
  for (const m of findAspectMentions(analyzeSentences(text), lexicon, model, review)) {
    totals.set(m.aspect, (totals.get(m.aspect) ?? 0) + m.score);
  }
  return [...lexicon.labels.keys()].filter((a) => totals.has(a)).map((aspect) => ({ aspect, polarity: polarityOf(totals.get(aspect)!) }));
}
