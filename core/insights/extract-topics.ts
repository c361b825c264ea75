import type { z } from 'zod';
import type { Polarity, TopicSchema } from '../schemas/insights-schema.ts';
import { addCounts, round2 } from './aggregate-aspects.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import { polarityOf } from './polarity.ts';
import { compareReviews } from '../model/compare-reviews.ts';
import { mergeNewest, newestReviews, type CitedReview } from './newest-reviews.ts';

type Topic = z.infer<typeof TopicSchema>;

/** How many topics to publish and how many example reviews each. */
export const TOPIC_LIMIT = 20;
export const TOPIC_EXAMPLES = 5;
/** A phrase inside a chosen single word ("hail damage" in "hail") is dropped only when it covers this share of it. */
const SAME_THEME = 0.8;

/** One candidate phrase's tally over a set of reviews (by its key: its words without spaces). */
interface Tally {
  /** The canonical words, space-separated, for the inside/around check: as the first review using it wrote them. */
  words: string;
  /** That first review (compareReviews' order, the order the reviews are read in), to keep `words` as one pass over all would. */
  first: CitedReview;
  /** How often each wording of it was written (a Map: the wordings are the customers' text). */
  surfaces: Map<string, number>;
  /** Reviews that use it… */
  count: number;
  /** …their ratings added up… */
  ratingSum: number;
  /** …their number per quarter… */
  byQuarter: Record<string, number>;
  /** …and the newest TOPIC_EXAMPLES of them. */
  examples: CitedReview[];
  sentiment: Record<Polarity, number>;
}

/** What the topics keep of a set of reviews. */
export interface TopicsPartial {
  /** Reviews with text: the threshold is a share of them. */
  withText: number;
  tallies: Map<string, Tally>;
}

/**
 * The candidate phrases' tallies of a set of reviews, in the order given (compareReviews'), each phrase counted once
 * per review. A sentence's candidate phrases are found when the review is read (`topicPhrases`, kept with its analysis).
 */
export function collectTopics(analyzed: readonly AnalyzedReview[]): TopicsPartial {
  const tallies = new Map<string, Tally & { reviews: AnalyzedReview[] }>();
  let withText = 0;
  for (const a of analyzed) {
    if (a.sentences.length === 0) continue;
    withText++;
    const seen = new Set<string>();
    a.sentences.forEach((s, index) => {
      for (const [words, surface] of s.phrases) {
        const key = words.replace(/ /g, '');
        let t = tallies.get(key);
        if (!t) {
          const first = { id: a.review.id, date: a.review.date };
          t = {
            words,
            first,
            surfaces: new Map(),
            count: 0,
            ratingSum: 0,
            byQuarter: {},
            examples: [],
            sentiment: { positive: 0, negative: 0, neutral: 0 },
            reviews: [],
          };
          tallies.set(key, t);
        }
        t.surfaces.set(surface, (t.surfaces.get(surface) ?? 0) + 1);
        if (!seen.has(key)) {
          t.reviews.push(a);
          t.sentiment[sentencePolarity(a, index)]++;
        }
        seen.add(key);
      }
    });
  }
  const out = new Map<string, Tally>();
  for (const [key, { reviews, ...t }] of tallies) {
    for (const a of reviews) {
      t.count++;
      t.ratingSum += a.review.rating;
      t.byQuarter[a.quarter] = (t.byQuarter[a.quarter] ?? 0) + 1;
    }
    t.examples = newestReviews(
      reviews.map((a) => a.review),
      TOPIC_EXAMPLES,
    );
    out.set(key, t);
  }
  return { withText, tallies: out };
}

/** The topics' tallies of disjoint sets of reviews, as one. */
export function mergeTopics(parts: readonly TopicsPartial[]): TopicsPartial {
  const tallies = new Map<string, Tally>();
  for (const part of parts) {
    for (const [key, t] of part.tallies) {
      const into = tallies.get(key);
      if (!into) {
        tallies.set(key, { ...t, surfaces: new Map(t.surfaces), byQuarter: { ...t.byQuarter }, sentiment: { ...t.sentiment } });
        continue;
      }
      if (compareReviews(t.first, into.first) < 0) [into.words, into.first] = [t.words, t.first];
      for (const [surface, n] of t.surfaces) into.surfaces.set(surface, (into.surfaces.get(surface) ?? 0) + n);
      for (const [quarter, n] of Object.entries(t.byQuarter)) into.byQuarter[quarter] = (into.byQuarter[quarter] ?? 0) + n;
      into.count += t.count;
      into.ratingSum += t.ratingSum;
      into.examples = mergeNewest([into.examples, t.examples], TOPIC_EXAMPLES);
      addCounts(into.sentiment, t.sentiment);
    }
  }
  return { withText: parts.reduce((sum, p) => sum + p.withText, 0), tallies };
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
 * `topics`: the phrases' tallies over all reviews (collectTopics, mergeTopics).
 */
export function extractTopics(topics: TopicsPartial, periods: readonly string[]): Topic[] {
  const minCount = Math.max(3, Math.ceil(topics.withText * 0.005));
  const ranked = [...topics.tallies.values()].filter((t) => t.count >= minCount).sort((a, b) => b.count - a.count || (a.words < b.words ? -1 : 1));
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
    const phrase = [...t.surfaces].sort(([sa, a], [sb, b]) => b - a || (sa < sb ? -1 : 1))[0]![0];
    return {
      id,
      phrase,
      count: t.count,
      averageRating: round2(t.ratingSum / t.count),
      sentiment: { ...t.sentiment },
      trend: periods.map((period) => ({ period, count: t.byQuarter[period] ?? 0 })),
      reviewIds: t.examples.map((r) => r.id),
    };
  });
}

/** A less frequent phrase inside or around a chosen one is the same theme; under a single word only when it covers most of it. */
function overlaps(chosen: Tally, t: Tally): boolean {
  const inside = ` ${chosen.words} `.includes(` ${t.words} `) || ` ${t.words} `.includes(` ${chosen.words} `);
  if (!inside) return false;
  return chosen.words.includes(' ') || t.count >= SAME_THEME * chosen.count;
}

/** How the engine reads the sentence: its aspect mentions when it has opinions on aspects, else its overall score. */
function sentencePolarity(a: AnalyzedReview, sentence: number): Polarity {
  const ms = a.mentions.filter((m) => m.sentence === sentence && m.polarity !== 'neutral');
  return ms.length ? polarityOf(ms.reduce((sum, m) => sum + m.score, 0)) : polarityOf(a.sentenceScores[sentence] ?? 0);
}
