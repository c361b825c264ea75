/** Where each review sits inside the bytes of a reviews document (reviews.json, a since file). */
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
 * Splits a reviews document into its head — every key but `reviews`, which it holds as an empty array — and the
 * place of each review, so that the reviews can be read one at a time: at 100k reviews the whole document parsed
 * at once is hundreds of MB of objects. The build writes compact JSON with `reviews` as the last key (see
 * renderReviewsDocument); the byte scan checks that layout (UTF-8 continuation bytes never look like ASCII, so
 * brackets and quotes are found reliably) and returns null when it does not hold: the caller then parses the
 * document whole.
 */
export function splitReviewsDocument(bytes: Buffer): { head: Record<string, unknown>; layout: ReviewsLayout } | null {
  // The build's writer splits each document twice (its gzip pieces, then its check): the bytes are never changed.
  const known = splits.get(bytes);
  if (known !== undefined) return known;
  const split = splitOnce(bytes);
  splits.set(bytes, split);
  return split;
}

const splits = new WeakMap<Buffer, ReturnType<typeof splitOnce>>();

function splitOnce(bytes: Buffer): { head: Record<string, unknown>; layout: ReviewsLayout } | null {
  const keyAt = bytes.lastIndexOf(KEY);
  if (keyAt === -1) return null;
  const start = keyAt + KEY.length - 1;
  const ends = scanArray(bytes, start);
  if (ends === null) return null;
  let head: unknown;
  try {
    head = JSON.parse(`${bytes.toString('utf8', 0, start)}[]}`);
  } catch {
    return null;
  }
  if (typeof head !== 'object' || head === null || Array.isArray(head) || Object.keys(head).at(-1) !== 'reviews') return null;
  return { head: head as Record<string, unknown>, layout: { bytes, start, ends } };
}

/** The JSON text of review `i` of a layout. */
export function reviewText(layout: ReviewsLayout, i: number): string {
  return reviewBytes(layout, i).toString('utf8');
}

/** The UTF-8 bytes of review `i` (reviewText's text), a view of the document's bytes. */
export function reviewBytes(layout: ReviewsLayout, i: number): Buffer {
  const from = i === 0 ? layout.start + 1 : layout.ends[i - 1]! + 1;
  return layout.bytes.subarray(from, layout.ends[i]!);
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
