import { foldText } from '../../core/search/fold-text.ts';
import type { Review } from '../../core/schemas/review-schema.ts';

/** A topic as the home page lists it: the phrase, and how many reviews its link finds. */
export interface TopicLink {
  phrase: string;
  /** Reviews whose text contains the phrase: exactly what GET /api/reviews/search?query=… returns for the link. */
  count: number;
}

/** How many of insights.json's topics the home page links (its first ones). */
export const HOME_TOPICS = 16;

/**
 * The home page's topic links, most found first (ties in insights.json's order, which ranks by its own counts: listed
 * in that order beside these counts, they looked unsorted). A topic of insights.json counts the reviews of all its
 * wording variants ("final bill" with "final invoice"), but its link can only search the phrase itself (the spec's
 * `query` is one substring), so the page shows what the link will find — folded the way the search folds, so the
 * number and the filtered list always agree. (A phrase found inside other words is counted as the search finds it:
 * "storm" in "hailstorm" belongs, "vent" in "event" does not, and only a dictionary could tell them apart.) The counts
 * the build made for these reviews (provideTopicCounts) are taken as they are; any other phrase is counted here.
 */
export function topicLinks(phrases: readonly string[], reviews: readonly Review[]): TopicLink[] {
  const provided = slot[KEY]?.reviews === reviews ? slot[KEY].counts : null;
  const missing = phrases.filter((p) => provided?.get(p) === undefined);
  const counted = missing.length > 0 ? countTopicPhrases(reviews, missing) : [];
  const links = phrases.map((phrase) => ({ phrase, count: provided?.get(phrase) ?? counted[missing.indexOf(phrase)]! }));
  return links.sort((a, b) => b.count - a.count); // stable: equal counts keep insights.json's order
}

/** How many of `reviews` each phrase's link finds (topicLinks' count), in the order of `phrases`. */
export function countTopicPhrases(reviews: readonly Review[], phrases: readonly string[]): number[] {
  const texts = reviews.map((r) => foldText(r.text));
  return phrases.map((phrase) => {
    const needle = foldText(phrase);
    let count = 0;
    for (const text of texts) if (text.includes(needle)) count++;
    return count;
  });
}

// On globalThis: the build script and Astro's bundled pages are separate module instances in one process.
const KEY = Symbol.for('shingle.topicCounts');
const slot = globalThis as unknown as Record<symbol, { reviews: readonly Review[]; counts: ReadonlyMap<string, number> } | undefined>;

/**
 * Hands the home page the counts the build made of `reviews` (the model's list: the page uses them only for that very
 * list), by phrase — from the counts it kept per block of reviews (scripts/lib/topic-counts.ts); null: none.
 */
export function provideTopicCounts(reviews: readonly Review[], counts: ReadonlyMap<string, number> | null): void {
  slot[KEY] = counts ? { reviews, counts } : undefined;
}
