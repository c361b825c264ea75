import { compareReviews } from '../model/compare-reviews.ts';
import { firstK } from '../model/first-k.ts';

/** A review as a citation list keeps it: enough to order it (compareReviews) and cite it. */
export interface CitedReview {
  id: string;
  date: string;
}

/** The newest `k` reviews of `items` (compareReviews' order), each once. */
export function newestReviews(items: Iterable<CitedReview>, k: number): CitedReview[] {
  return firstK(items, k, compareReviews, (a, b) => a.id === b.id).map(({ id, date }) => ({ id, date }));
}

/** The newest `k` of several such lists of disjoint sets of reviews: the newest `k` of all of them. */
export function mergeNewest(lists: readonly (readonly CitedReview[])[], k: number): CitedReview[] {
  return newestReviews(lists.flat(), k);
}
