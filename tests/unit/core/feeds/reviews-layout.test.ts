import { describe, expect, it } from 'vitest';
import { reviewText, splitReviewsDocument } from '../../../../core/feeds/reviews-layout.ts';

const reviews = [
  { id: 'a', text: 'Braces { [ in text ] }, a "quote", a backslash \\ and é 😀' },
  { id: 'b', text: '"reviews":[ inside a string', technicians: [{ id: 't', name: 'Zoë' }] },
  { id: 'c', text: '' },
];

describe('splitReviewsDocument', () => {
  it('gives the head with reviews empty, and each review exactly as written', () => {
    const bytes = Buffer.from(JSON.stringify({ version: '1.0.0', business: { name: '"reviews":[' }, reviews }));
    const split = splitReviewsDocument(bytes);
    expect(split?.head).toEqual({ version: '1.0.0', business: { name: '"reviews":[' }, reviews: [] });
    expect(reviews.map((_, i) => reviewText(split!.layout, i))).toEqual(reviews.map((r) => JSON.stringify(r)));
  });

  it('finds no reviews in an empty array', () => {
    expect(splitReviewsDocument(Buffer.from('{"since":"2024-01-01","reviews":[]}'))?.layout.ends.length).toBe(0);
  });

  it('is null for any other layout: reviews not last, pretty-printed, or no reviews at all', () => {
    for (const text of [
      JSON.stringify({ reviews, version: '1.0.0' }),
      JSON.stringify({ version: '1.0.0', reviews }, null, 2),
      JSON.stringify({ version: '1.0.0' }),
      '{"reviews":[{"id":"a"},]}',
    ])
      expect(splitReviewsDocument(Buffer.from(text)), text).toBeNull();
  });
});
