import { foldText } from '../../core/search/fold-text.ts';
import type { Review } from '../../core/schemas/review-schema.ts';

/** A topic as the home page lists it: the phrase, and how many reviews its link finds. */
export interface TopicLink {
  phrase: string;
  /** Reviews whose text contains the phrase: exactly what GET /api/reviews/search?query=… returns for the link. */
  count: number;
}

/** A letter or digit just before the phrase: it sits inside another word ("vent" in "event"). */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * The home page's topic links, most found first (ties in insights.json's order). A topic of insights.json counts the
 * reviews of all its wording variants ("final bill" with "final invoice"), but its link can only search the phrase
 * itself (the spec's `query` is one substring), so the page shows what the link will find — folded the way the
 * search folds, so the number and the filtered list always agree. A topic whose link would also find the phrase
 * inside other words ("vent" in "event", "eventually") is left out: its count and its list would mislead.
 */
export function topicLinks(phrases: readonly string[], reviews: readonly Review[]): TopicLink[] {
  const texts = reviews.map((r) => foldText(r.text));
  const links: TopicLink[] = [];
  for (const phrase of phrases) {
    const needle = foldText(phrase);
    let count = 0;
    let inOtherWords = false;
    for (const text of texts) {
      if (!text.includes(needle)) continue;
      count++;
      if (insideAWord(text, needle)) inOtherWords = true;
    }
    if (!inOtherWords) links.push({ phrase, count });
  }
  return links.sort((a, b) => b.count - a.count); // stable: equal counts keep insights.json's order
}

function insideAWord(text: string, needle: string): boolean {
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (at > 0 && WORD_CHARACTER.test(text[at - 1]!)) return true;
  }
  return false;
}
