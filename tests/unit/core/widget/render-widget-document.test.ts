import { describe, expect, it } from 'vitest';
import { renderReviewsDocument } from '../../../../core/feeds/render-reviews-document.ts';
import { aspectsInDisplayOrder } from '../../../../core/insights/aspects-in-display-order.ts';
import { buildInsights } from '../../../../core/insights/build-insights.ts';
import { renderWidgetDocument } from '../../../../core/widget/render-widget-document.ts';
import { cutText } from '../../../../core/text/cut-text.ts';
import { renderIframeSnippet, renderWidgetSnippet } from '../../../../core/widget/render-widget-snippet.ts';
import { WIDGET_REVIEW_COUNT, WidgetDocumentSchema } from '../../../../core/widget/widget-document-schema.ts';
import { record, sampleModel } from '../../../helpers/sample-model.ts';

const records = Array.from({ length: 14 }, (_, i) =>
  record({
    id: `r-${String(i).padStart(2, '0')}`,
    date: `2025-01-${String(i + 1).padStart(2, '0')}`,
    rating: (i % 5) + 1,
    text: i === 13 ? `<script>alert(1)</script> ${'word '.repeat(200)}` : `Review number ${i}.`,
  }),
);
const model = sampleModel(records);
const reviewsDocument = renderReviewsDocument(model);

describe('renderWidgetDocument', () => {
  it('holds the aggregate rating and the newest reviews, whatever their rating', () => {
    const doc = WidgetDocumentSchema.parse(renderWidgetDocument(reviewsDocument, model.baseUrl));
    expect(doc.aggregateRating).toEqual(reviewsDocument.aggregateRating);
    expect(doc.reviews.map((r) => r.id)).toEqual(reviewsDocument.reviews.slice(0, WIDGET_REVIEW_COUNT).map((r) => r.id));
    expect(new Set(doc.reviews.map((r) => r.rating)).size).toBe(5);
    expect(doc.reviewsUrl).toBe('https://reviews.example/reviews/');
    // Every reviews document now carries its moderation record (issue 13); the widget passes it on.
    expect(doc.moderation).toEqual(reviewsDocument.moderation);
    expect(JSON.stringify(renderWidgetDocument(reviewsDocument, model.baseUrl))).toBe(JSON.stringify(doc));
  });

  it('states a review\u2019s disclosures with it, in the document and the static snippet (they were dropped: 16 CFR 465)', () => {
    const disclosed = sampleModel([
      record({ id: 'r-a', date: '2025-02-02', rating: 5, text: 'Great crew.', incentive: 'a $50 gift card offered to every customer asked' }),
      record({ id: 'r-b', date: '2025-02-01', rating: 5, text: 'Fine work.', relationship: 'employee' }),
      record({ id: 'r-c', date: '2025-01-31', rating: 2, text: 'Late again.' }),
    ]);
    const doc = WidgetDocumentSchema.parse(renderWidgetDocument(renderReviewsDocument(disclosed), disclosed.baseUrl));
    // The review's own fields (the widget states them in its language), nothing for a review without any.
    // And as the English sentences earlier documents gave (a widget.js cached from an earlier build reads them).
    const byId = new Map(doc.reviews.map((r) => [r.id, { incentive: r.incentive, relationship: r.relationship, disclosures: r.disclosures }]));
    expect(byId.get('r-a')).toEqual({
      incentive: 'a $50 gift card offered to every customer asked',
      relationship: undefined,
      disclosures: ['Disclosure: the reviewer was offered a $50 gift card offered to every customer asked.'],
    });
    expect(byId.get('r-b')).toEqual({
      incentive: undefined,
      relationship: 'employee',
      disclosures: ['Disclosure: the reviewer is an employee of the business.'],
    });
    expect(byId.get('r-c')).toEqual({ incentive: undefined, relationship: undefined, disclosures: undefined });
    const snippet = renderWidgetSnippet(doc);
    expect(snippet).toContain('Disclosure: the reviewer was offered a $50 gift card');
    expect(snippet).toContain('Disclosure: the reviewer is an employee of the business.');
  });

  it('says per aspect what insights.json says, in the home page order, with the share and its interval', () => {
    // The engine's insights of these reviews (no aspect has enough opinions), one aspect given a share as a big business would have.
    const read = buildInsights({ business: model.businessConfig, reviews: model.reviews });
    const share = { estimate: 0.25, low: 0.12, high: 0.41 };
    const insights = {
      aspects: read.aspects.map((a) =>
        a.id === 'cleanup'
          ? {
              ...a,
              negativeShare: share,
              opinions: { ...a.opinions, estimate: 54 },
              inWords: 'About 1 in 4 of 54 opinions on cleanup are negative (12–41%).',
            }
          : a,
      ),
    };
    const doc = WidgetDocumentSchema.parse(renderWidgetDocument(reviewsDocument, model.baseUrl, insights));
    const aspects = doc.insights!.aspects;
    expect(aspects).toHaveLength(8);
    expect(aspects[0]!.id).toBe('cleanup');
    expect(aspects.map((a) => a.id)).toEqual(aspectsInDisplayOrder(insights.aspects).map((a) => a.id));
    for (const a of aspects) {
      const source = insights.aspects.find((x) => x.id === a.id)!;
      expect(a).toEqual({
        id: source.id,
        label: source.label,
        inWords: source.inWords,
        opinions: source.opinions.estimate,
        negativeShare: source.negativeShare,
      });
    }
    expect(doc.insights!.url).toBe('https://reviews.example/#page_aspects');
    expect(renderWidgetDocument(reviewsDocument, model.baseUrl).insights).toBeUndefined();
    const html = renderWidgetSnippet(doc);
    expect(html).toContain('What customers say');
    expect(html).toContain('<li>About 1 in 4 of 54 opinions on cleanup are negative (12–41%).</li>');
    expect(html).toContain(
      `Not enough opinions yet on: ${aspects
        .slice(1)
        .map((a) => a.label)
        .join(', ')}.`,
    );
  });

  it('escapes the labels and the link of the insights in the static snippet', () => {
    const doc = renderWidgetDocument(reviewsDocument, model.baseUrl, { aspects: [] });
    const hostile = {
      ...doc,
      insights: {
        url: 'https://x.example/"><script>alert(1)</script>',
        aspects: [{ id: 'cleanup' as const, label: '<img src=x onerror=alert(1)>', inWords: '<b>x</b>', opinions: 3, negativeShare: null }],
      },
    };
    const html = renderWidgetSnippet(hostile);
    expect(html).not.toMatch(/<img|<script|<b>/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('href="https://x.example/&quot;&gt;&lt;script&gt;');
  });

  it('renders a reviews document without a moderation record (older builds) without the field', () => {
    const { moderation: _m, ...older } = reviewsDocument;
    expect(WidgetDocumentSchema.parse(renderWidgetDocument(older, model.baseUrl)).moderation).toBeUndefined();
  });

  it('cuts long texts at a word boundary, never inside a surrogate pair', () => {
    const long = renderWidgetDocument(reviewsDocument, model.baseUrl).reviews[0]!;
    expect(long.truncated).toBe(true);
    expect(long.text.length).toBeLessThanOrEqual(601);
    expect(long.text.endsWith('word…')).toBe(true);
    const emoji = cutText(`${'a'.repeat(599)}😀😀`, 600);
    expect(emoji.text).toBe(`${'a'.repeat(599)}…`);
  });
});

describe('renderWidgetSnippet', () => {
  it('is static HTML with everything from reviews escaped', () => {
    const html = renderWidgetSnippet(renderWidgetDocument(reviewsDocument, model.baseUrl));
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain(`${reviewsDocument.aggregateRating.count} verified reviews`);
  });
});

describe('renderWidgetSnippet and renderIframeSnippet: numbers, words and names', () => {
  it('formats counts one way, agrees words with their numbers, and wraps long words', () => {
    const doc = renderWidgetDocument(reviewsDocument, model.baseUrl);
    const big = { ...doc, aggregateRating: { ...doc.aggregateRating, count: 19601, histogram: { '1': 1, '2': 0, '3': 2, '4': 6347, '5': 13251 } } };
    const html = renderWidgetSnippet(big);
    expect(html).toContain('19,601 verified reviews');
    expect(html).toContain('<li>5 stars: 13,251</li>');
    expect(html).toContain('<li>1 star: 1</li>');
    expect(html).toContain('Read all 19,601 reviews');
    expect(html).not.toMatch(/\b\d{4,}\b(?![-\d])/);
    expect(html).toMatch(/<section[^>]*overflow-wrap:anywhere/);
  });

  it('escapes the business name in the iframe title', () => {
    const snippet = renderIframeSnippet(
      'https://reviews.example',
      'Bob\'s "Best" <Roofing> & Sons',
      '<script type="module" src="https://reviews.example/widget.js"></script>',
    );
    expect(snippet).toContain('title="Customer reviews of Bob&#39;s &quot;Best&quot; &lt;Roofing&gt; &amp; Sons"');
    expect(snippet.split('\n')[0]).toMatch(/^<iframe src="https:\/\/reviews\.example\/embed\/" title="[^"]*" width="100%"/);
  });
});
