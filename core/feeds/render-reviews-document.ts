import type { SiteBase } from '../model/build-site-model.ts';
import type { ReviewsDocument, SinceDocument } from '../schemas/reviews-document-schema.ts';
import { latestDate } from '../model/latest-date.ts';

/** GET /reviews.json: business, aggregate rating and every verified review. */
export function renderReviewsDocument(model: SiteBase): ReviewsDocument {
  return {
    version: '1.0.0',
    updated: model.updated,
    business: model.business,
    aggregateRating: model.aggregateRating,
    // `reviews` stays the last key: the sidecar scans the array from these bytes.
    moderation: model.moderation,
    reviews: model.reviews,
  };
}

/**
 * GET /api/reviews/since/{date}: reviews dated on or after `since`, newest first.
 * `reviews` must already be sorted newest first, so the result is a prefix of it.
 */
export function renderSinceDocument(reviews: SiteBase['reviews'], since: string): SinceDocument {
  let end = 0;
  while (end < reviews.length && reviews[end]!.date >= since) end++;
  const selected = reviews.slice(0, end);
  return { since, count: selected.length, updated: latestDate(selected), reviews: selected };
}
