import { describe, expect, it } from 'vitest';
import { analyzeReview } from '../../../../core/insights/analyze-review.ts';
import { quotePool, quotesFromPool, quoteText, WORDING_POOL, type QuoteCandidate } from '../../../../core/insights/select-quotes.ts';

/** Up to `limit` quotes of one set of candidates, as every figure picks them. */
const pickQuotes = (candidates: readonly QuoteCandidate[], limit: number) => quotesFromPool(quotePool(candidates, limit * WORDING_POOL), limit);
import { business, lexicon } from '../../../helpers/sample-model.ts';

const review = (text: string) =>
  ({ id: 'r-1', date: '2026-01-01', rating: 2, text, language: 'en', author: 'A.', source: { platform: 'google' } }) as never;

describe('quoteText', () => {
  it('quotes a short sentence whole', () => {
    const text = 'The crew left nails all over the driveway. Otherwise fine.';
    const analyzed = analyzeReview(review(text), business, lexicon);
    expect(quoteText({ analyzed, sentence: 0, polarity: 'negative', score: -1, at: text.indexOf('nails'), confidence: 1 })).toBe(
      'The crew left nails all over the driveway.',
    );
  });

  it('quotes a long sentence by the clause that holds the term, a span of the review text', () => {
    const before = 'We had been waiting on the insurance adjuster for weeks and the whole family was getting anxious about the storm season coming';
    const complaint = 'the crew left nails all over the driveway and in the flower beds for days';
    const after = 'the office kept promising someone would come back to sweep with the magnet, which finally happened';
    const text = `${before}, but ${complaint}; ${after}.`;
    expect(text.length).toBeGreaterThan(240);
    const analyzed = analyzeReview(review(text), business, lexicon);
    const quote = quoteText({ analyzed, sentence: 0, polarity: 'negative', score: -1, at: text.indexOf('nails'), confidence: 1 });
    expect(quote).toContain('left nails all over the driveway');
    expect(quote).not.toContain('adjuster');
    expect(quote).not.toContain('magnet');
    expect(text).toContain(quote);
  });
});

describe('quotes picked from a pool', () => {
  const candidate = (id: string, text: string, date = '2026-01-01') => {
    const analyzed = analyzeReview({ ...(review(text) as object), id, date } as never, business, lexicon);
    return { analyzed, sentence: 0, polarity: 'negative' as const, score: -1, at: 0, confidence: 0.99 };
  };

  it('quotes one wording once: the same sentence in two reviews is one quote, the next best is the second', () => {
    const same = 'The crew left nails all over the driveway and never came back for them.';
    const quotes = pickQuotes(
      [
        candidate('r-1', same, '2026-01-03'),
        candidate('r-2', same, '2026-01-02'),
        candidate('r-3', 'Shingle scraps and wrappers were left all over our side yard.', '2026-01-01'),
      ],
      2,
    );
    expect(quotes.map((q) => q.reviewId)).toEqual(['r-1', 'r-3']);
  });

  it('quotes one review once and one wording once, whatever the order of the candidates (a review repeating another is like both)', () => {
    const same = 'The crew left nails all over the driveway and never came back for them.';
    // The case a review found: q-2's repeat of q-1's sentence is surer than q-1's, its other sentence less sure.
    const a = { ...candidate('q-1', same, '2026-01-03'), confidence: 0.9 };
    const b = { ...candidate('q-2', `They were late every day. ${same}`, '2026-01-02'), confidence: 0.5 };
    const bSame = { ...b, sentence: 1, confidence: 0.99 };
    const c = { ...candidate('q-3', 'Shingle scraps and wrappers were left all over our side yard.', '2026-01-01'), confidence: 0.3 };
    const orders = [
      [a, b, bSame, c],
      [c, a, b, bSame],
      [bSame, b, c, a],
      [b, c, bSame, a],
    ];
    const picked = orders.map((o) => pickQuotes(o, 3));
    for (const p of picked) {
      expect(new Set(p.map((q) => q.reviewId)).size).toBe(p.length);
      expect(new Set(p.map((q) => q.text)).size).toBe(p.length);
    }
    for (const p of picked.slice(1)) expect(p).toEqual(picked[0]);
  });
});
