import { aspectsInDisplayOrder } from '../insights/aspects-in-display-order.ts';
import { cutText } from '../text/cut-text.ts';
import { disclosureSentences } from '../feeds/disclosure-text.ts';
import type { InsightsDocument } from '../schemas/insights-schema.ts';
import type { ReviewsDocument } from '../schemas/reviews-document-schema.ts';
import type { Review } from '../schemas/review-schema.ts';
import { WIDGET_REVIEW_COUNT, WIDGET_TEXT_MAX, type WidgetDocument, type WidgetInsights, type WidgetReview } from './widget-document-schema.ts';

/** The reviews document as rendered (its moderation record optional, so older documents render too). */
export type WidgetSource = Omit<ReviewsDocument, 'moderation'> & { moderation?: ReviewsDocument['moderation'] };

function widgetReview(r: Review): WidgetReview {
  const { text, truncated } = cutText(r.text, WIDGET_TEXT_MAX);
  const disclosures = disclosureSentences(r);
  return {
    id: r.id,
    date: r.date,
    rating: r.rating,
    ...(r.title === undefined ? {} : { title: r.title }),
    text,
    truncated,
    author: r.author,
    url: r.url,
    ...(r.ownerReply === undefined ? {} : { ownerReply: { text: r.ownerReply.text, date: r.ownerReply.date } }),
    // The widget is what a business puts on its own site: a connection or an incentive is stated there too.
    ...(r.relationship === undefined ? {} : { relationship: r.relationship }),
    ...(r.incentive === undefined ? {} : { incentive: r.incentive }),
    ...(disclosures.length === 0 ? {} : { disclosures }),
  };
}

/** The widget's part of the insights: every aspect's sentence and share, in the home page's order. */
function widgetInsights(insights: Pick<InsightsDocument, 'aspects'>, baseUrl: string): WidgetInsights {
  return {
    url: `${baseUrl}/#page_aspects`,
    aspects: aspectsInDisplayOrder(insights.aspects).map((a) => ({
      id: a.id,
      label: a.label,
      inWords: a.inWords,
      opinions: a.opinions.estimate,
      negativeShare: a.negativeShare,
    })),
  };
}

/**
 * /widget.json from the reviews document and the insights of the same build: business name, aggregate rating and
 * histogram, the moderation record when there is one, what customers say about each aspect (when `insights` is
 * given), and the newest reviews (the document's own order: newest first, ties by id). Pure; key order fixed, so
 * equal data gives equal bytes.
 */
export function renderWidgetDocument(doc: WidgetSource, baseUrl: string, insights?: Pick<InsightsDocument, 'aspects'>): WidgetDocument {
  return {
    version: '1.0.0',
    updated: doc.updated,
    business: { name: doc.business.name },
    reviewsUrl: `${baseUrl}/reviews/`,
    aggregateRating: doc.aggregateRating,
    ...(doc.moderation === undefined ? {} : { moderation: doc.moderation }),
    ...(insights === undefined ? {} : { insights: widgetInsights(insights, baseUrl) }),
    reviews: doc.reviews.slice(0, WIDGET_REVIEW_COUNT).map(widgetReview),
  };
}
