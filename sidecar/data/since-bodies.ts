import { renderSinceDocument } from '../../core/feeds/render-reviews-document.ts';
import { latestDate } from '../../core/model/latest-date.ts';
import type { ReviewsDocument } from '../../core/schemas/reviews-document-schema.ts';
import { firstOlderThan } from '../../core/search/internal/sorted-lists.ts';
import type { ReviewsLayout } from './parse-reviews-document.ts';
import type { Snapshot } from './snapshot.ts';

const layouts = new WeakMap<ReviewsDocument, ReviewsLayout>();
const CLOSE = Buffer.from(']}');

/** Records where the reviews of a parsed reviews.json sit in its bytes (set by loadSnapshot). */
export function registerReviewsLayout(document: ReviewsDocument, layout: ReviewsLayout): void {
  layouts.set(document, layout);
}

/**
 * Renders GET /api/reviews/since/{date} for dates outside the prebuilt window, byte for byte what
 * the build's renderSinceDocument + JSON.stringify would write. The reviews of a since document
 * are a prefix of reviews.json's array (newest first), and reviews.json ends with that array, so
 * the body is a short head plus a slice of bytes already in memory: no serialising of thousands of
 * reviews per distinct date. Without a recorded layout it renders instead.
 */
export function createSinceRenderer(snapshot: Snapshot): SinceRenderer {
  const reviews = snapshot.reviewsDocument.reviews;
  const dates = reviews.map((r) => r.date);
  const layout = layouts.get(snapshot.reviewsDocument);
  const render = (date: string) => {
    if (!layout) {
      const doc = renderSinceDocument(reviews, date);
      return { parts: [Buffer.from(JSON.stringify(doc))], updated: doc.updated };
    }
    const count = firstOlderThan(dates, date);
    const updated = latestDate(reviews.slice(0, count));
    const head = `{"since":${JSON.stringify(date)},"count":${count},"updated":${JSON.stringify(updated)},"reviews":`;
    if (count === 0) return { parts: [Buffer.from(`${head}[]}`)], updated };
    // No copy: the middle part is a view of reviews.json's bytes.
    return { parts: [Buffer.from(head), layout.bytes.subarray(layout.start, layout.ends[count - 1]!), CLOSE], updated };
  };
  return Object.assign(render, { dates });
}

/** Renders a since body for a date; `dates` are the review dates, newest first. */
export type SinceRenderer = ((date: string) => { parts: Buffer[]; updated: string | null }) & { readonly dates: readonly string[] };
