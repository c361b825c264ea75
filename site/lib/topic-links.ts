import { foldText } from '../../core/search/fold-text.ts';
import type { Review } from '../../core/schemas/review-schema.ts';

/** A topic as the home page lists it: the phrase, and how many reviews its link finds. */
export interface TopicLink {
  phrase: string;
  /** Reviews whose text contains the phrase: exactly what GET /api/reviews/search?query=… returns for the link. */
  count: number;
}

/**
 * The counts next to the home page's topic links. A topic of insights.json counts the reviews of all
 * its wording variants ("final bill" with "final invoice"), but its link can only search the phrase
 * itself (the spec's `query` is one substring), so the page shows what the link will find — folded
 * the way the search folds, so the number and the filtered list always agree.
 */
export function topicLinks(phrases: readonly string[], reviews: readonly Review[]): TopicLink[] {
  const texts = reviews.map((r) => foldText(r.text));
  return phrases.map((phrase) => {
    const needle = foldText(phrase);
    let count = 0;
    for (const text of texts) if (text.includes(needle)) count++;
    return { phrase, count };
  });
}
