import { describe, expect, it } from 'vitest';
import { analyzeReview } from '../../../../core/insights/analyze-review.ts';
import { quoteText } from '../../../../core/insights/select-quotes.ts';
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
