import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeReview } from '../../../../core/insights/analyze-review.ts';
import { compileAspectLexicon } from '../../../../core/insights/aspect-lexicon.ts';
import { extractMentions } from '../../../../core/insights/extract-mentions.ts';
import { publishReviews } from '../../../../core/model/publish-reviews.ts';
import { analyzeReviews } from '../../../../scripts/lib/analyze-reviews.ts';
import { readContentDir } from '../../../../site/lib/read-content-dir.ts';

const content = readContentDir(resolve(import.meta.dirname, '../../../../content'));
const business = content.business;
const reviews = publishReviews(content.records, business, 'http://localhost:4321', extractMentions).reviews.slice(0, 20);
const lexicon = compileAspectLexicon(business);

describe('the analyzer analyzeReviews hands to buildInsights', () => {
  it('answers a review published again (an equal object) with the prepared analysis', async () => {
    const { analyzer } = await analyzeReviews(reviews, business, { store: null });
    const again = structuredClone(reviews[4]!);
    const a = analyzer(again, business, lexicon);
    expect(a.review).toBe(again);
    expect(a.mentions).toStrictEqual(analyzeReview(reviews[4]!, business, lexicon).mentions);
  });

  it('never answers with the analysis of another text, language or date under the same id', async () => {
    const { analyzer } = await analyzeReviews(reviews, business, { store: null });
    const base = reviews.find((r) => r.text.length > 40)!;
    for (const edited of [
      { ...base, text: 'The crew was rude and the roof leaks again. Never again.' },
      { ...base, language: 'de' },
      { ...base, date: '2001-01-01' },
    ]) {
      const { review: _, ...got } = analyzer(edited, business, lexicon);
      const { review: __, ...want } = analyzeReview(edited, business, lexicon);
      expect(got.quarter).toBe(want.quarter);
      expect(got.unread).toBe(want.unread);
      expect(got.mentions).toStrictEqual(want.mentions);
      expect(got.sentences.map((s) => [s.start, s.end])).toStrictEqual(want.sentences.map((s) => [s.start, s.end]));
    }
  });
});
