import type { AspectId } from '../schemas/business-schema.ts';
import type { Polarity } from '../schemas/insights-schema.ts';
import { analyzeSentences, findAspectMentions } from './analyze-text.ts';
import type { AspectLexicon } from './aspect-lexicon.ts';
import { polarityOf } from './polarity.ts';
import { scoreTarget } from './score-target.ts';


/**
 * Polarity of the aspect term at characters `[from, to)` of `text` — the SemEval-2014 task 4
 * setting. Only the sentence holding the term is read.
 */
export function classifyTerm(text: string, from: number, to: number): Polarity {
  const sentences = analyzeSentences(text);
  const sentence = sentences.find((s) => from >= s.start && from < s.end) ?? sentences[0];
  if (!sentence) return 'neutral';
  const { tokens } = sentence.scored;
  let a = tokens.findIndex((t) => t.end > from);
  if (a < 0) a = 0;
  let b = a;
  while (b < tokens.length && tokens[b]!.start < to) b++;
  return polarityOf(scoreTarget(sentence.scored, a, Math.max(b, a + 1)));
}

/**
 * Polarity of an aspect category in a text: the sum over the sentences that mention one of its
 * terms. When no term occurs, the opinion of the whole text stands in (a review that says only
 * "Terrible." about an aspect it was asked about).
 */
export function classifyAspect(text: string, aspect: AspectId, lexicon: AspectLexicon): Polarity {
  const sentences = analyzeSentences(text);
  const mentions = findAspectMentions(sentences, lexicon).filter((m) => m.aspect === aspect);
  if (mentions.length > 0) return polarityOf(mentions.reduce((sum, m) => sum + m.score, 0));
  let total = 0;
  for (const s of sentences) if (s.scored.tokens.length > 0) total += scoreTarget(s.scored, 0, s.scored.tokens.length);
  return polarityOf(total);
}

/** Aspects a text speaks of, one polarity each (sum over its mentions), in inventory order. */
export function detectAspects(text: string, lexicon: AspectLexicon): { aspect: AspectId; polarity: Polarity }[] {
  const totals = new Map<AspectId, number>();
  for (const m of findAspectMentions(analyzeSentences(text), lexicon)) {
    totals.set(m.aspect, (totals.get(m.aspect) ?? 0) + m.score);
  }
  return [...lexicon.labels.keys()].filter((a) => totals.has(a)).map((aspect) => ({ aspect, polarity: polarityOf(totals.get(aspect)!) }));
}
