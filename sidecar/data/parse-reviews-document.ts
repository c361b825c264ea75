import type { Review } from '../../core/schemas/review-schema.ts';
import type { ReviewsDocument } from '../../core/schemas/reviews-document-schema.ts';

/** Where each review sits inside the bytes of reviews.json. */
export interface ReviewsLayout {
  bytes: Buffer;
  /** Offset of the `[` that opens the reviews array. */
  start: number;
  /** ends[i]: offset just past the closing brace of review i. */
  ends: Float64Array;
}

const KEY = Buffer.from('"reviews":[');
const [QUOTE, BACKSLASH, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, COMMA] = [0x22, 0x5c, 0x7b, 0x7d, 0x5b, 0x5d, 0x2c];

/**
 * Parses reviews.json review by review instead of as one string: at 100k reviews the whole
 * document decoded to a JavaScript string is ~160 MB (UTF-16), parsed piecewise it is never
 * materialised. The build writes compact JSON with `reviews` as the last key; the byte scan below
 * checks that layout (UTF-8 continuation bytes never look like ASCII, so brackets and quotes are
 * found reliably) and falls back to a plain JSON.parse when it does not hold. The layout is also
 * what lets since documents be cut from these bytes. Equal parts of reviews are shared (below).
 */
export function parseReviewsDocument(bytes: Buffer): { document: ReviewsDocument; layout: ReviewsLayout | null } {
  const share = createSharer();
  const keyAt = bytes.lastIndexOf(KEY);
  const ends = keyAt === -1 ? null : scanArray(bytes, keyAt + KEY.length - 1);
  const start = keyAt + KEY.length - 1;
  const head = ends === null ? null : (JSON.parse(`${bytes.toString('utf8', 0, start)}[]}`) as ReviewsDocument);
  if (ends === null || head === null || Object.keys(head).at(-1) !== 'reviews') {
    const document = JSON.parse(bytes.toString('utf8')) as ReviewsDocument;
    document.reviews = document.reviews.map(share);
    return { document, layout: null };
  }
  const reviews: Review[] = new Array(ends.length);
  let from = start + 1;
  for (let i = 0; i < ends.length; i++) {
    reviews[i] = share(JSON.parse(bytes.toString('utf8', from, ends[i]!)) as Review);
    from = ends[i]! + 1;
  }
  head.reviews = reviews;
  return { document: head, layout: { bytes, start, ends } };
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

/**
 * From the `[` at `start`, the end offset of every element (each must be an object), provided the
 * array closes exactly at the document's final `]}`; otherwise null.
 */
function scanArray(bytes: Buffer, start: number): Float64Array | null {
  if (bytes[start] !== OPEN_BRACKET || bytes[bytes.length - 1] !== CLOSE_BRACE || bytes[bytes.length - 2] !== CLOSE_BRACKET) return null;
  const ends: number[] = [];
  let i = start + 1;
  if (bytes[i] === CLOSE_BRACKET) return i === bytes.length - 2 ? new Float64Array(0) : null;
  for (;;) {
    if (bytes[i] !== OPEN_BRACE) return null;
    let depth = 0;
    let inString = false;
    for (; i < bytes.length; i++) {
      const c = bytes[i]!;
      if (inString) {
        if (c === BACKSLASH) i++;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) break;
      }
    }
    if (i >= bytes.length) return null;
    ends.push(i + 1);
    const next = bytes[i + 1];
    if (next === CLOSE_BRACKET) return i + 1 === bytes.length - 2 ? Float64Array.from(ends) : null;
    if (next !== COMMA) return null;
    i += 2;
  }
}
