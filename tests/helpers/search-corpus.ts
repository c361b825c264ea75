/** Fast-check arbitraries for the search property tests: a colliding vocabulary, corpora of published reviews and queries drawn from them. */
import fc from 'fast-check';
import type { Business } from '../../core/schemas/business-schema.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import type { SearchQuery } from '../../core/search/search-query-schema.ts';
import { publishedReview } from './published-review.ts';

/** A roster with overlapping names and aliases, accents and case differences. */
export const roster: Pick<Business, 'technicians' | 'services'> = {
  technicians: [
    { id: 'marco', name: 'Marco', aliases: ['Big M', 'Marcò'] },
    { id: 'dave', name: 'Dave', aliases: ['Big Dave', 'David'] },
    { id: 'jose', name: 'José', aliases: [] },
    { id: 'ana', name: 'Ana', aliases: ['Big M'] },
  ],
  services: [
    { id: 'roof-repair', name: 'Roof repair', keywords: [] },
    { id: 'gutters', name: 'Gutters', keywords: [] },
    { id: 'skylights', name: 'Skylights', keywords: [] },
  ],
};

/** Words chosen to collide: prefixes, suffixes, accents, case, digits, astral letters, a lone surrogate. */
const WORDS = [
  'roof',
  'roofing',
  'Roofer',
  'ROOF',
  'proof',
  'été',
  'ete',
  'ÉTÉ',
  'café',
  'cafe\u0301',
  'the',
  'bathe',
  'new',
  'renew',
  'a',
  'ab',
  '42',
  'x1',
  '𝐀b',
  'İstanbul',
  'straße',
  'ﬁne',
  'tea',
  '\ud800',
];
const SEPARATORS = [' ', ' ', ' ', ', ', '. ', '-', '!', '  ', '\n', "'"];

export const textArb = fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 12 }).map((parts) =>
  parts
    .map(([w, s]) => w + s)
    .join('')
    .trim(),
);

const dateArb = fc.integer({ min: 0, max: 60 }).map((d) => new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10));
const techRefs = roster.technicians.map((t) => ({ id: t.id, name: t.name }));
const serviceRefs = roster.services.map((s) => ({ id: s.id, name: s.name }));

/** A published review numbered `i` (id `r-000i`), in the positional form the search tests write their corpora in. */
export function reviewOf(
  i: number,
  date: string,
  rating: number,
  text: string,
  technicians: Review['technicians'] = [],
  services: Review['services'] = [],
): Review {
  return publishedReview({ id: `r-${String(i).padStart(4, '0')}`, date, rating, text, technicians, services });
}

export const corpusArb = fc
  .array(
    fc.record({
      date: dateArb,
      rating: fc.integer({ min: 1, max: 5 }),
      text: textArb,
      technicians: fc.subarray(techRefs),
      services: fc.subarray(serviceRefs),
      id: fc.integer({ min: 0, max: 9999 }),
    }),
    { maxLength: 60 },
  )
  .map((rows) => {
    const seen = new Set<number>();
    return rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map((r) => reviewOf(r.id, r.date, r.rating, r.text, r.technicians, r.services));
  });

/** A query string drawn from the corpus vocabulary (so it often matches) or from random text. */
const queryTextArb = fc.oneof(
  textArb.filter((t) => t.length > 0).map((t) => t.slice(0, 30)),
  fc.constantFrom(...WORDS),
  fc.string({ minLength: 1, maxLength: 4 }),
  fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS), fc.constantFrom(...WORDS)).map(([a, s, b]) => a.slice(1) + s + b.slice(0, 2)),
  fc.constantFrom('oof', 'OFI', 'e r', 'ete, ', ' ', ', ', 'É', 'e\u0301t', '\udc00', 'b\ud800'),
);

export const searchQueryArb: fc.Arbitrary<SearchQuery> = fc
  .record(
    {
      rating: fc.integer({ min: 1, max: 5 }),
      min_rating: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.double({ min: 1, max: 5, noNaN: true })),
      since: dateArb,
      until: dateArb,
      query: queryTextArb,
      mentions_technician: fc.constantFrom('marco', 'MARCO', 'Big M', 'big dave', 'david', 'jose', 'José', 'JOSE', 'Marco', 'marcò', 'nobody', 'ana'),
      mentions_service: fc.constantFrom('roof-repair', 'GUTTERS', 'skylights', 'chimney'),
      limit: fc.integer({ min: 1, max: 100 }),
    },
    { requiredKeys: [] },
  )
  .map((q) => ({ limit: 20, ...q }));
