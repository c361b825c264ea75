import { reviewText, splitReviewsDocument, type ReviewsLayout } from '../../core/feeds/reviews-layout.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import type { ReviewsDocument } from '../../core/schemas/reviews-document-schema.ts';

/**
 * Parses reviews.json review by review instead of as one string: at 100k reviews the whole
 * document decoded to a JavaScript string is ~160 MB (UTF-16), parsed piecewise it is never
 * materialised. The document is split by its layout (splitReviewsDocument: compact JSON with
 * `reviews` as the last key), else parsed whole. The layout is also what lets since documents be cut
 * from these bytes. Equal parts of reviews are shared (below).
 */
export function parseReviewsDocument(bytes: Buffer): { document: ReviewsDocument; layout: ReviewsLayout | null } {
  const share = createSharer();
  const split = splitReviewsDocument(bytes);
  if (split === null) {
    const document = JSON.parse(bytes.toString('utf8')) as ReviewsDocument;
    document.reviews = document.reviews.map(share);
    return { document, layout: null };
  }
  const { head, layout } = split;
  const reviews: Review[] = new Array(layout.ends.length);
  for (let i = 0; i < reviews.length; i++) reviews[i] = share(JSON.parse(reviewText(layout, i)) as Review);
  return { document: { ...(head as unknown as ReviewsDocument), reviews }, layout };
}

/**
 * Makes equal parts of reviews one shared, frozen object: dates, authors, sources, verification
 * records, technician and service lists, areas, empty photo lists, stock owner replies. Reviews
 * repeat these a lot, and at 100k reviews sharing them takes the parsed data from ~1.2 KB to
 * ~0.5 KB per review. Frozen, so a consumer that tried to modify one review's part would fail
 * loudly instead of changing many reviews (none does: the data is read-only).
 */
function createSharer(): (review: Review) => Review {
  const strings = new Map<string, string>();
  const parts = new Map<string, object>();
  const str = (s: string): string => {
    const known = strings.get(s);
    if (known !== undefined) return known;
    strings.set(s, s);
    return s;
  };
  const part = <T extends object>(value: T): T => {
    const key = JSON.stringify(value);
    const known = parts.get(key);
    if (known) return known as T;
    parts.set(key, Object.freeze(value));
    return value;
  };
  return (r) => {
    r.date = str(r.date);
    r.author = str(r.author);
    r.language = str(r.language);
    r.source = part(r.source);
    r.verification = part(r.verification);
    r.technicians = part(r.technicians.map(part));
    r.services = part(r.services.map(part));
    if (r.serviceArea) r.serviceArea = part(r.serviceArea);
    if (r.photos.length === 0) r.photos = part(r.photos);
    if (r.ownerReply) r.ownerReply = part(r.ownerReply);
    return r;
  };
}
