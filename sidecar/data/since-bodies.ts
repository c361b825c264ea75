import { renderSinceDocument } from '../../core/feeds/render-reviews-document.ts';
import { latestDate } from '../../core/model/latest-date.ts';
import { firstOlderThan } from '../../core/search/sorted-lists.ts';
import type { Snapshot } from './snapshot.ts';

const CLOSE = Buffer.from(']}');

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
  const layout = snapshot.reviewsLayout;
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
