import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSearchEngine } from '../../../../core/search/create-search-engine.ts';
import { foldText } from '../../../../core/search/fold-text.ts';
import { searchReviewsNaive } from '../../../../core/search/search-reviews-naive.ts';
import type { SearchQuery } from '../../../../core/search/search-query-schema.ts';
import { corpusArb, reviewOf, roster, searchQueryArb } from '../../../helpers/search-corpus.ts';

const ids = (r: { reviews: { id: string }[]; total: number }) => ({ ids: r.reviews.map((x) => x.id), total: r.total });

describe('createSearchEngine agrees with searchReviewsNaive', () => {
  it('on random corpora and random filters (AND, order, limit, offset, total)', () => {
    fc.assert(
      fc.property(corpusArb, fc.array(searchQueryArb, { minLength: 1, maxLength: 8 }), fc.nat({ max: 5 }), (corpus, queries, offset) => {
        const engine = createSearchEngine(corpus, roster);
        for (const q of queries) {
          expect(ids(engine.search(q, offset))).toEqual(ids(searchReviewsNaive(corpus, roster, q, offset)));
          expect(ids(engine.search(q))).toEqual(ids(searchReviewsNaive(corpus, roster, q)));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('on phrase queries over a tiny vocabulary (word pairs that occur, but not together)', () => {
    const word = fc.constantFrom('a', 'b', 'c', 'ab', 'bc', 'À');
    const sep = fc.constantFrom(' ', ' ', ', ', '. ');
    const phrase = (max: number) =>
      fc.array(fc.tuple(word, sep), { minLength: 1, maxLength: max }).map((parts) =>
        parts
          .map(([w, s]) => w + s)
          .join('')
          .trimEnd(),
      );
    const corpus = fc.array(phrase(16), { maxLength: 40 }).map((texts) => texts.map((t, i) => reviewOf(i, '2024-01-01', 5, t, [], [])));
    const query = fc.oneof(
      phrase(4),
      phrase(4).map((p) => p.slice(1)),
      phrase(4).map((p) => `${p} `),
      phrase(3).map((p) => `, ${p}`),
    );
    fc.assert(
      fc.property(corpus, fc.array(query, { minLength: 1, maxLength: 10 }), (reviews, queries) => {
        const engine = createSearchEngine(reviews, roster);
        for (const text of queries) {
          const q: SearchQuery = { query: text, limit: 100 };
          expect(ids(engine.search(q)), text).toEqual(ids(searchReviewsNaive(reviews, roster, q)));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('for every substring of every text (the index must never lose a match)', () => {
    fc.assert(
      fc.property(corpusArb, (corpus) => {
        const engine = createSearchEngine(corpus, roster);
        const needles = new Set<string>();
        for (const r of corpus.slice(0, 5)) {
          const t = r.text;
          for (let i = 0; i < t.length; i += 3) for (const len of [1, 2, 4, 7, 12]) if (i + len <= t.length) needles.add(t.slice(i, i + len));
        }
        for (const query of needles) {
          const q: SearchQuery = { query, limit: 100 };
          expect(ids(engine.search(q))).toEqual(ids(searchReviewsNaive(corpus, roster, q)));
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('search semantics', () => {
  const corpus = [
    reviewOf(1, '2024-03-01', 5, 'ÉTÉ was great, the roofing crew rocks', [{ id: 'marco', name: 'Marco' }], [{ id: 'gutters', name: 'Gutters' }]),
    reviewOf(2, '2024-03-01', 4, 'Café and cake; new roof', [{ id: 'dave', name: 'Dave' }], [{ id: 'roof-repair', name: 'Roof repair' }]),
    reviewOf(3, '2024-02-01', 2, 'leaky ete roof', [], []),
    reviewOf(4, '2024-04-01', 1, '', [{ id: 'jose', name: 'José' }], []),
  ];
  const engine = createSearchEngine(corpus, roster);
  const run = (q: Partial<SearchQuery>) => engine.search({ limit: 20, ...q }).reviews.map((r) => r.id);

  it('orders newest first, ties by id', () => {
    expect(run({})).toEqual(['r-0004', 'r-0001', 'r-0002', 'r-0003']);
  });
  it('matches text case- and accent-insensitively, as a substring', () => {
    expect(run({ query: 'été' })).toEqual(['r-0001', 'r-0003']);
    expect(run({ query: 'ETE' })).toEqual(['r-0001', 'r-0003']);
    expect(run({ query: 'cafe' })).toEqual(['r-0002']);
    expect(run({ query: 'oofin' })).toEqual(['r-0001']);
    expect(run({ query: 'w roo' })).toEqual(['r-0002']);
    expect(run({ query: 'roof' })).toEqual(['r-0001', 'r-0002', 'r-0003']);
  });
  it('folds full-width letters and other compatibility forms (NFKC), in queries and in texts', () => {
    expect(run({ query: 'ＲＯＯＦ' })).toEqual(run({ query: 'roof' }));
    expect(run({ query: 'ｃａｆé' })).toEqual(['r-0002']);
    expect(foldText('ＲＯＯＦ ﬁx Ⅻ')).toBe('roof fix xii');
    const wide = createSearchEngine([reviewOf(9, '2024-01-01', 5, 'Ｎｅｗ ＲＯＯＦ', [], [])], roster);
    expect(wide.search({ limit: 20, query: 'new roof' }).reviews.map((r) => r.id)).toEqual(['r-0009']);
  });
  it('matches technicians by name, alias or id, case- and accent-insensitively', () => {
    expect(run({ mentions_technician: 'big dave' })).toEqual(['r-0002']);
    expect(run({ mentions_technician: 'DAVID' })).toEqual(['r-0002']);
    expect(run({ mentions_technician: 'jose' })).toEqual(['r-0004']);
    expect(run({ mentions_technician: 'marco' })).toEqual(['r-0001']);
    expect(run({ mentions_technician: 'Big M' })).toEqual(['r-0001']);
    expect(run({ mentions_technician: 'Mar' })).toEqual([]);
  });
  it('matches services by id, case-insensitively, not by name', () => {
    expect(run({ mentions_service: 'GUTTERS' })).toEqual(['r-0001']);
    expect(run({ mentions_service: 'Roof repair' })).toEqual([]);
  });
  it('combines filters with AND and reports the total before limit', () => {
    expect(run({ query: 'roof', min_rating: 4 })).toEqual(['r-0001', 'r-0002']);
    expect(run({ query: 'roof', rating: 4 })).toEqual(['r-0002']);
    expect(run({ since: '2024-03-01', until: '2024-03-01' })).toEqual(['r-0001', 'r-0002']);
    expect(run({ min_rating: 4.5 })).toEqual(['r-0001']);
    const page = engine.search({ query: 'roof', limit: 1 });
    expect(page.reviews.map((r) => r.id)).toEqual(['r-0001']);
    expect(page.total).toBe(3);
  });
  it('folds with NFD, drops nonspacing marks, lower-cases', () => {
    expect(foldText('ÉTÉ Café')).toBe('ete cafe');
    expect(foldText('cafe\u0301')).toBe('cafe');
    expect(foldText('İstanbul')).toBe('istanbul');
  });
});
