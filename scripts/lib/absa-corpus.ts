/**
 * The labelled roofing corpus (data/absa/corpus.jsonl) and the training examples made from it.
 * Examples go through the engine's own reading (sentences, rule evidence, rule scores), so the
 * features the model learns from are exactly those it sees at inference.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { analyzeSentences, type AnalyzedSentence } from '../../core/insights/analyze-text.ts';
import { readRules } from '../../core/insights/read-rules.ts';
import type { AspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import { categoryFeatures, collect, polarityFeatures, type ReviewContext, type RuleEvidence } from '../../core/insights/model/sentence-features.ts';
import type { StarWords } from '../../core/insights/model/star-words.ts';
import { scoreTarget } from '../../core/insights/score-target.ts';
import { PolaritySchema, type Polarity } from '../../core/schemas/insights-schema.ts';

export const CorpusLabelSchema = z.object({
  category: z.string(),
  polarity: PolaritySchema,
  term: z.string().nullable(),
  from: z.int().nullable(),
  to: z.int().nullable(),
});
export const CorpusItemSchema = z.object({
  id: z.string(),
  writer: z.string(),
  review: z.string(),
  stars: z.number().nullable().optional(),
  text: z.string(),
  labels: z.array(CorpusLabelSchema),
  split: z.enum(['train', 'test']),
});
export type CorpusItem = z.infer<typeof CorpusItemSchema>;
export type CorpusLabel = z.infer<typeof CorpusLabelSchema>;

/** Reads the corpus; `split` keeps one split only (training never opens the test texts). */
export function readCorpus(path: string, split: 'train' | 'test'): CorpusItem[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => CorpusItemSchema.parse(JSON.parse(l)))
    .filter((it) => it.split === split);
}

/** Character range of a label's term in the text: its offsets when they hold the term, else the first occurrence. */
export function termRange(text: string, l: CorpusLabel): [number, number] | null {
  if (!l.term) return null;
  if (l.from !== null && l.to !== null && text.slice(l.from, l.to) === l.term) return [l.from, l.to];
  const at = text.indexOf(l.term);
  if (at >= 0) return [at, at + l.term.length];
  const lower = text.toLowerCase().indexOf(l.term.toLowerCase());
  return lower >= 0 ? [lower, lower + l.term.length] : null;
}

/** Rule evidence of every sentence of an item, merged per aspect. */
function mergedEvidence(sentences: readonly AnalyzedSentence[], lexicon: AspectLexicon): RuleEvidence[] {
  const by = new Map<string, RuleEvidence>();
  for (const s of sentences) {
    for (const e of readRules(s.scored, lexicon).evidence) {
      const m = by.get(e.aspect);
      by.set(
        e.aspect,
        m
          ? {
              aspect: e.aspect,
              strong: m.strong || e.strong,
              weak: m.weak || e.weak,
              weakNear: m.weakNear || e.weakNear,
              other: m.other || e.other,
              mention: m.mention || e.mention,
            }
          : e,
      );
    }
  }
  return [...by.values()];
}

/** Category features of an item (all its sentences) and the set of aspects it is labelled with. */
export function categoryExample(it: CorpusItem, lexicon: AspectLexicon): { x: Map<string, number>; aspects: Set<string> } {
  const sentences = analyzeSentences(it.text);
  const x = new Map<string, number>();
  categoryFeatures(
    collect(x),
    sentences.map((s) => s.scored),
    mergedEvidence(sentences, lexicon),
  );
  return { x, aspects: new Set(it.labels.map((l) => l.category)) };
}

/**
 * Share of the corpus items the polarity layer learns from as unrated text: their rating is hidden, so the
 * layer's "unknown rating" state learns from them what bare sentences (`npm run absa`, the fixtures) need.
 */
export const UNRATED_SHARE = 0.4;

/** Whether an item is shown to the polarity layer without its rating: a fixed hash of its id below `UNRATED_SHARE`. */
export function trainsUnrated(it: Pick<CorpusItem, 'id'>): boolean {
  return createHash('sha256').update(it.id).digest().readUInt32BE(0) / 2 ** 32 < UNRATED_SHARE;
}

/** What the reader knows of an item's review when it reads it (its rating). */
export const reviewOf = (it: Pick<CorpusItem, 'stars'>): ReviewContext => ({ rating: it.stars ?? null });

/**
 * Polarity features of each label of an item: its term as the target, or the sentence for an implicit aspect;
 * its review's rating, except for the items `trainsUnrated` picks.
 */
export function polarityExamples(it: CorpusItem, stars: StarWords | null = null): { x: Map<string, number>; y: Polarity; implicit: boolean }[] {
  const review: ReviewContext = trainsUnrated(it) ? {} : reviewOf(it);
  const sentences = analyzeSentences(it.text).filter((s) => s.scored.tokens.length > 0);
  if (sentences.length === 0) return [];
  const longest = sentences.reduce((a, b) => (b.scored.tokens.length > a.scored.tokens.length ? b : a));
  return it.labels.map((l) => {
    const range = termRange(it.text, l);
    const sentence = (range && sentences.find((s) => range[0] >= s.start && range[0] < s.end)) || longest;
    const s = sentence.scored;
    const sentenceScore = scoreTarget(s, 0, s.tokens.length);
    const x = new Map<string, number>();
    if (range) {
      let a = s.tokens.findIndex((t) => t.end > range[0]);
      if (a < 0) a = 0;
      let b = a;
      while (b < s.tokens.length && s.tokens[b]!.start < range[1]) b++;
      b = Math.max(b, a + 1);
      polarityFeatures(
        collect(x),
        { sentence: s, from: a, to: b, aspect: l.category, ruleScore: scoreTarget(s, a, b), sentenceScore },
        stars,
        review,
      );
    } else
      polarityFeatures(collect(x), { sentence: s, from: null, to: null, aspect: l.category, ruleScore: sentenceScore, sentenceScore }, stars, review);
    return { x, y: l.polarity, implicit: !range };
  });
}
