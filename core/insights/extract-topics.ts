import type { z } from 'zod';
import type { Polarity, TopicSchema } from '../schemas/insights-schema.ts';
import { round2 } from './aggregate-aspects.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import { polarityOf } from './polarity.ts';
import { compareReviews } from '../model/compare-reviews.ts';
import { firstK } from '../model/first-k.ts';

type Topic = z.infer<typeof TopicSchema>;

/** How many topics to publish and how many example reviews each. */
export const TOPIC_LIMIT = 20;
export const TOPIC_EXAMPLES = 5;
/** A phrase inside a chosen single word ("hail damage" in "hail") is dropped only when it covers this share of it. */
const SAME_THEME = 0.8;

interface Tally {
  surfaces: Map<string, number>;
  /** The canonical words, space-separated, for the inside/around check. */
  words: string;
  reviews: AnalyzedReview[];
  sentiment: Record<Polarity, number>;
}

/**
 * Recurring themes beyond the fixed aspects: strong single nouns ("hail", "leak") and two- and
 * three-word phrases ("hail damage", "pipe boot") counted once per review. A phrase may not start
 * or end with a stopword, contain an opinion word or an opinion modifier ("proper flashing"), be
 * half of an idiom ("long story short"), name a technician, town or the business, or be made only
 * of generic roofing words. Plurals, spelling variants ("wind storm" / "windstorm") and synonyms
 * ("final bill" / "final invoice") are merged. Kept when at least `minCount` reviews use it (3, or
 * 0.5% of reviews with text when that is more); a phrase inside or around a more frequent one is
 * dropped. Each topic carries the sentiment of the sentences that use it, one reading per review.
 * A sentence's candidate phrases are found when the review is read (`topicPhrases`, kept with its analysis).
 */
export function extractTopics(analyzed: readonly AnalyzedReview[], periods: readonly string[]): Topic[] {
  const tallies = new Map<string, Tally>();
  let withText = 0;
  for (const a of analyzed) {
    if (a.sentences.length === 0) continue;
    withText++;
    const seen = new Set<string>();
    a.sentences.forEach((s, index) => {
      for (const [words, surface] of s.phrases) {
        const key = words.replace(/ /g, '');
        const t: Tally = tallies.get(key) ?? { surfaces: new Map(), words, reviews: [], sentiment: { positive: 0, negative: 0, neutral: 0 } };
        t.surfaces.set(surface, (t.surfaces.get(surface) ?? 0) + 1);
        if (!seen.has(key)) {
          t.reviews.push(a);
          t.sentiment[sentencePolarity(a, index)]++;
        }
        seen.add(key);
        tallies.set(key, t);
      }
    });
  }
  const minCount = Math.max(3, Math.ceil(withText * 0.005));
  const ranked = [...tallies.values()]
    .filter((t) => t.reviews.length >= minCount)
    .sort((a, b) => b.reviews.length - a.reviews.length || (a.words < b.words ? -1 : 1));
  const chosen: Tally[] = [];
  for (const t of ranked) {
    if (chosen.length >= TOPIC_LIMIT) break;
    if (chosen.some((c) => overlaps(c, t))) continue;
    chosen.push(t);
  }
  const ids = new Set<string>();
  return chosen.map((t) => {
    let id =
      t.words
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 70) || 'topic';
    while (ids.has(id)) id += '-x';
    ids.add(id);
    const perPeriod = new Map<string, number>();
    for (const a of t.reviews) perPeriod.set(a.quarter, (perPeriod.get(a.quarter) ?? 0) + 1);
    const phrase = [...t.surfaces].sort(([sa, a], [sb, b]) => b - a || (sa < sb ? -1 : 1))[0]![0];
    return {
      id,
      phrase,
      count: t.reviews.length,
      averageRating: round2(t.reviews.reduce((sum, a) => sum + a.review.rating, 0) / t.reviews.length),
      sentiment: t.sentiment,
      trend: periods.map((period) => ({ period, count: perPeriod.get(period) ?? 0 })),
      reviewIds: firstK(
        t.reviews.map((a) => a.review),
        TOPIC_EXAMPLES,
        compareReviews,
      ).map((r) => r.id),
    };
  });
}

/** A less frequent phrase inside or around a chosen one is the same theme; under a single word only when it covers most of it. */
function overlaps(chosen: Tally, t: Tally): boolean {
  const inside = ` ${chosen.words} `.includes(` ${t.words} `) || ` ${t.words} `.includes(` ${chosen.words} `);
  if (!inside) return false;
  return chosen.words.includes(' ') || t.reviews.length >= SAME_THEME * chosen.reviews.length;
}

/** How the engine reads the sentence: its aspect mentions when it has opinions on aspects, else its overall score. */
function sentencePolarity(a: AnalyzedReview, sentence: number): Polarity {
  const ms = a.mentions.filter((m) => m.sentence === sentence && m.polarity !== 'neutral');
  return ms.length ? polarityOf(ms.reduce((sum, m) => sum + m.score, 0)) : polarityOf(a.sentenceScores[sentence] ?? 0);
}
