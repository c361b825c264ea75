import { describe, expect, it } from 'vitest';
import { buildSummary, type SummaryInput } from '../../../../core/insights/build-summary.ts';
import type { AspectInsight } from '../../../../core/schemas/insights-schema.ts';
import { formatRating } from '../../../../core/format/format-rating.ts';

const aspect = (id: 'cleanup' | 'price' | 'timeliness', label: string, estimate: number) =>
  ({
    id,
    label,
    negativeShare: { estimate, low: estimate - 0.2, high: estimate + 0.2 },
    opinions: { estimate: 60, positive: 30, negative: 30 },
    quotes: { positive: [], negative: [] },
  }) as unknown as AspectInsight;

function input(
  best: SummaryInput['best'],
  worst: SummaryInput['worst'],
  aspects = [aspect('cleanup', 'Cleanup', 0.45), aspect('price', 'Price', 0.5)],
): SummaryInput {
  return {
    reviewCount: 200,
    averageRating: 4.1,
    ratingOnly: 0,
    otherLanguage: 0,
    aspects,
    best,
    worst,
    standout: null,
    comparedTechnicians: 0,
    evidence: { all: ['r-1'], ratingOnly: [], otherLanguage: [], aspects: new Map(), technicians: new Map() },
  };
}

/** A leader that names no aspect: each [aspect index, share of the replicates it led in], and the one led on too few opinions. */
const noLeader = (support: [number, number][], tooFew: number | null = null): SummaryInput['best'] => ({
  index: null,
  support: support.map(([index, share]) => ({ index, share })),
  tooFew,
});

describe('buildSummary: no clear leader', () => {
  it('says once that the same aspects are too close both ways', () => {
    const text = buildSummary(
      input(
        noLeader([
          [0, 0.55],
          [1, 0.45],
        ]),
        noLeader([
          [1, 0.6],
          [0, 0.4],
        ]),
      ),
    ).text;
    expect(text).toContain('Opinions on cleanup and price are too close to name a most praised aspect or a top complaint.');
    expect(text).not.toContain('There is no clear');
  });

  it('keeps two sentences when the close ones differ, and says when a leader has too few opinions on its side', () => {
    const three = [aspect('cleanup', 'Cleanup', 0.45), aspect('price', 'Price', 0.5), aspect('timeliness', 'Timeliness', 0.2)];
    const text = buildSummary(
      input(
        noLeader([
          [2, 0.7],
          [0, 0.3],
        ]),
        noLeader(
          [
            [1, 0.85],
            [0, 0.15],
          ],
          1,
        ),
        three,
      ),
    ).text;
    expect(text).toContain('There is no clear most praised aspect: timeliness and cleanup are close.');
    expect(text).toContain('There is no clear top complaint: the lead, price, rests on too few negative opinions to name it.');
  });

  it('merges only the same two or more close aspects, neither side led on too few opinions', () => {
    const three = [aspect('cleanup', 'Cleanup', 0.45), aspect('price', 'Price', 0.5), aspect('timeliness', 'Timeliness', 0.3)];
    const text = (best: SummaryInput['best'], worst: SummaryInput['worst'], aspects?: AspectInsight[]) =>
      buildSummary(input(best, worst, aspects)).text;
    const evenTwo = noLeader([
      [0, 0.5],
      [1, 0.5],
    ]);
    const merged = 'too close to name a most praised aspect or a top complaint';
    // Two close one way, three the other.
    expect(
      text(
        evenTwo,
        noLeader([
          [0, 0.4],
          [1, 0.3],
          [2, 0.3],
        ]),
        three,
      ),
    ).not.toContain(merged);
    // The same two, but one side led on too few opinions.
    expect(
      text(
        evenTwo,
        noLeader(
          [
            [1, 0.85],
            [0, 0.15],
          ],
          1,
        ),
      ),
    ).not.toContain(merged);
    // One close aspect each way is no pair.
    expect(text(noLeader([[0, 0.95]]), noLeader([[0, 0.95]]))).not.toContain(merged);
  });
});

describe('buildSummary: aspects with too few opinions for a share', () => {
  const young = (estimate: number) =>
    ({
      ...aspect('timeliness', 'Warranty', 0),
      negativeShare: null,
      opinions: { estimate, positive: 0, negative: estimate },
    }) as unknown as AspectInsight;
  const close = () =>
    noLeader([
      [0, 0.55],
      [1, 0.45],
    ]);

  it('says which aspects customers speak of were not compared, so "no clear top complaint" does not cover them', () => {
    const text = buildSummary(input(close(), close(), [aspect('cleanup', 'Cleanup', 0.45), aspect('price', 'Price', 0.5), young(11)])).text;
    expect(text).toContain('Too few opinions yet to compare: warranty.');
  });

  it('says nothing of an aspect nobody gave an opinion on, nor when no aspect has a share at all', () => {
    expect(buildSummary(input(close(), close(), [aspect('cleanup', 'Cleanup', 0.45), aspect('price', 'Price', 0.5), young(0)])).text).not.toContain(
      'Too few opinions yet to compare',
    );
    const none = buildSummary(input(noLeader([]), noLeader([]), [young(4)])).text;
    expect(none).toContain('There are not yet enough opinions on any aspect');
    expect(none).not.toContain('Too few opinions yet to compare');
  });
});

describe('buildSummary: quotes', () => {
  const quote = (reviewId: string, text: string, polarity: 'positive' | 'negative') => ({ reviewId, text, polarity, rating: 5, date: '2025-01-01' });
  const withQuotes = (positive: ReturnType<typeof quote>[], negative: ReturnType<typeof quote>[]) =>
    ({ ...aspect('cleanup', 'Cleanup', 0.45), quotes: { positive, negative } }) as unknown as AspectInsight;
  const close = () =>
    noLeader([
      [0, 0.55],
      [1, 0.45],
    ]);

  it('says so when it quotes praise and no complaint while there are complaints', () => {
    const praiseOnly = [withQuotes([quote('r-1', 'They cleaned up every nail.', 'positive')], []), aspect('price', 'Price', 0.5)];
    expect(buildSummary(input(close(), close(), praiseOnly)).text).toMatch(
      /"They cleaned up every nail\." No complaint is quoted: none was read surely enough in a review without a disclosure to quote it\.$/,
    );
    const both = [
      withQuotes([quote('r-1', 'They cleaned up every nail.', 'positive')], [quote('r-2', 'Nails everywhere.', 'negative')]),
      aspect('price', 'Price', 0.5),
    ];
    expect(buildSummary(input(close(), close(), both)).text).not.toContain('No complaint is quoted');
  });
});

describe('buildSummary: the average rating', () => {
  it('says the rating with one decimal, as the page header does, and keeps the exact value as a fact', () => {
    const summary = buildSummary({ ...input(noLeader([]), noLeader([])), averageRating: 4.32 });
    expect(summary.text).toContain('with an average rating of 4.3 stars');
    expect(summary.text).not.toContain('4.32');
    const facts = new Map(summary.facts.map((f) => [f.key, f.value]));
    expect(facts.get('averageRating')).toBe(4.32);
    expect(facts.get('averageRatingInWords')).toBe(formatRating(4.32));
    expect(buildSummary({ ...input(noLeader([]), noLeader([])), averageRating: 5 }).text).toContain('average rating of 5.0 stars');
  });
});
