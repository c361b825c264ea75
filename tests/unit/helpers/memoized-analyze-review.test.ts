import { describe, expect, it } from 'vitest';
import { analyzeReview } from '../../../core/insights/analyze-review.ts';
import { compileAspectLexicon } from '../../../core/insights/aspect-lexicon.ts';
import { buildInsights } from '../../../core/insights/build-insights.ts';
import { memoizedAnalyzeReview } from '../../helpers/memoized-analyze-review.ts';
import { business } from '../../helpers/sample-model.ts';
import { review } from '../../helpers/published-review.ts';

const reviews = [
  review('r-01', '2024-01-15', 5, 'Marco and his crew put on a new roof after the hail damage. They cleaned up every nail.'),
  review('r-02', '2024-03-20', 2, 'The crew was friendly but we found nails in the driveway for a week. Nobody called us back.'),
  review('r-03', '2024-05-30', 5, ''),
  review('r-04', '2024-08-21', 5, 'Excelente trabajo, muy profesionales.', { language: 'es' }),
];

// The in-process fixture builds remember each review's analysis (tests/helpers/build-fixture.ts): what they
// publish must be what the real build publishes.
describe('the fixture builds’ memoized review analysis', () => {
  it('gives the same insights as analyzeReview, the first time and from memory', () => {
    const plain = buildInsights({ business, reviews });
    expect(buildInsights({ business, reviews }, memoizedAnalyzeReview)).toEqual(plain);
    expect(buildInsights({ business, reviews: reviews.map((r) => ({ ...r })) }, memoizedAnalyzeReview)).toEqual(plain);
  });

  it('reads a review again when its text or the business configuration changes', () => {
    const lexicon = compileAspectLexicon(business);
    const before = memoizedAnalyzeReview(reviews[0]!, business, lexicon);
    const edited = { ...reviews[0]!, text: 'The roof leaks and the crew never came back.' };
    expect(memoizedAnalyzeReview(edited, business, lexicon)).toEqual(analyzeReview(edited, business, lexicon));
    // Without aspects nothing is an aspect mention: a memory keyed by the review alone would still find some.
    expect(before.mentions.length).toBeGreaterThan(0);
    const bare = { ...business, aspects: [] };
    const other = compileAspectLexicon(bare);
    expect(memoizedAnalyzeReview(reviews[0]!, bare, other)).toEqual(analyzeReview(reviews[0]!, bare, other));
    expect(memoizedAnalyzeReview(reviews[0]!, bare, other).mentions).toEqual([]);
  });

  it('remembers a review across base URLs (the permalink is never read)', () => {
    const lexicon = compileAspectLexicon(business);
    const first = memoizedAnalyzeReview(reviews[0]!, business, lexicon);
    const moved = { ...reviews[0]!, url: 'http://127.0.0.1:9/reviews/2024-01/#r-01' };
    expect(moved.url).not.toBe(reviews[0]!.url);
    const again = memoizedAnalyzeReview(moved, business, lexicon);
    expect(again.mentions).toBe(first.mentions);
    expect(again.review).toBe(moved);
  });

  it('hands out frozen analyses, so an aggregation cannot change what the next build reads', () => {
    const a = memoizedAnalyzeReview(reviews[1]!, business, compileAspectLexicon(business));
    expect(a.review).toBe(reviews[1]);
    expect(() => a.mentions.push(a.mentions[0]!)).toThrow(TypeError);
    expect(() => {
      (a.sentenceScores as number[])[0] = 9;
    }).toThrow(TypeError);
  });
});
