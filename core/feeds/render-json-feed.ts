import type { SiteBase } from '../model/build-site-model.ts';
import { dateToTimestamp } from '../model/latest-date.ts';
import { DOCUMENT_PATHS, FEED_SIZE, HUB_PATH } from '../model/published-paths.ts';
import type { JsonFeed } from '../schemas/json-feed-schema.ts';
import type { Review } from '../schemas/review-schema.ts';
import { feedEntryHtml, feedEntryText, feedEntryTitle } from './feed-entry.ts';

function renderItem(review: Review): JsonFeed['items'][number] {
  return {
    id: review.url,
    url: review.url,
    title: feedEntryTitle(review),
    content_text: feedEntryText(review),
    content_html: feedEntryHtml(review),
    date_published: dateToTimestamp(review.date),
    ...(review.ownerReply && { date_modified: dateToTimestamp(review.ownerReply.date) }),
    authors: [{ name: review.author }],
    ...(review.services.length > 0 && { tags: review.services.map((s) => s.name) }),
    language: review.language,
    _review: {
      about: 'https://schema.org/Review',
      id: review.id,
      rating: review.rating,
      date: review.date,
      technicians: review.technicians,
      services: review.services,
      serviceArea: review.serviceArea,
      verification: review.verification.method,
      ...(review.incentive !== undefined && { incentive: review.incentive }),
      ...(review.relationship !== undefined && { relationship: review.relationship }),
    },
  };
}

/** GET /api/feed.json — JSON Feed 1.1 with the 50 newest reviews and the WebSub hub in `hubs`. */
export function renderJsonFeed(model: SiteBase): JsonFeed {
  const base = model.baseUrl;
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: `${model.business.name} — verified customer reviews`,
    home_page_url: `${base}/`,
    feed_url: `${base}${DOCUMENT_PATHS.jsonFeed}`,
    description: `The ${FEED_SIZE} newest verified reviews of ${model.business.name}.`,
    language: 'en',
    authors: [{ name: model.business.name, url: model.business.url }],
    hubs: [{ type: 'WebSub', url: `${base}${HUB_PATH}` }],
    items: model.reviews.slice(0, FEED_SIZE).map(renderItem),
  };
}
