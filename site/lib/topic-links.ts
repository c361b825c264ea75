import { foldText } from '../../core/search/fold-text.ts';
import type { Review } from '../../core/schemas/review-schema.ts';

/** A topic as the home page lists it: the phrase, and how many reviews its link finds. */
export interface TopicLink {
  phrase: string;
  /** Reviews whose text contains the phrase: exactly what GET /api/reviews/search?query=… returns for the link. */
  count: number;
}

/**
 * The home page's topic links, most found first (ties in insights.json's order, which ranks by its own counts: listed
 * in that order beside these counts, they looked unsorted). A topic of insights.json counts the reviews of all its
 * wording variants ("final bill" with "final invoice"), but its link can only search the phrase itself (the spec's
 * `query` is one substring), so the page shows what the link will find — folded the way the search folds, so the
 * number and the filtered list always agree. (A phrase found inside other words is counted as the search finds it:
 * "storm" in "hailstorm" belongs, "vent" in "event" does not, and only a dictionary could tell them apart.)
 */
export function topicLinks(phrases: readonly string[], reviews: readonly Review[]): TopicLink[] {
  const texts = reviews.map((r) => foldText(r.text));
  const links = phrases.map((phrase) => {
    const needle = foldText(phrase);
    let count = 0;
    for (const text of texts) if (text.includes(needle)) count++;
    return { phrase, count };
  });
  return links.sort((a, b) => b.count - a.count); // stable: equal counts keep insights.json's order
}
