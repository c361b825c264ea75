import { describe, expect, it } from 'vitest';
import {
  INSIGHTS_DOCUMENTS,
  inManifestOrder,
  renderDocuments,
  renderInsightsDocuments,
  renderReviewDocuments,
} from '../../../../core/build/render-documents.ts';
import { renderSinceDocument } from '../../../../core/feeds/render-reviews-document.ts';
import { manyRecords, sampleModel } from '../../../helpers/sample-model.ts';

describe('since documents and determinism', () => {
  const model = sampleModel(manyRecords(100));

  it('since holds every review on or after the date, newest first', () => {
    const doc = renderSinceDocument(model.reviews, '2024-04-01');
    expect(doc.reviews.every((r) => r.date >= '2024-04-01')).toBe(true);
    expect(doc.count).toBe(model.reviews.filter((r) => r.date >= '2024-04-01').length);
    expect(renderSinceDocument(model.reviews, '2030-01-01')).toMatchObject({ count: 0, updated: null, reviews: [] });
  });

  it('prebuilds a bounded window of since files whose size is linear, not quadratic', () => {
    const docs = renderDocuments(model, 10).filter((d) => d.kind === 'since');
    // 100 daily reviews from 2024-01-01 end on 2024-04-09 (a leap year): the window is the 10 days up to it.
    expect(docs.map((d) => d.path)).toEqual([
      '/api/reviews/since/2024-03-31',
      ...Array.from({ length: 9 }, (_, i) => `/api/reviews/since/2024-04-0${i + 1}`),
    ]);
    // Each file holds only the reviews of its window: total size grows with the window, not with all history.
    const total = docs.reduce((n, d) => n + (JSON.parse(d.body) as { count: number }).count, 0);
    expect(total).toBe(55);
  });

  it('renders byte-identical documents from the same content', () => {
    const a = renderDocuments(sampleModel(manyRecords(100)), 31);
    const b = renderDocuments(sampleModel(manyRecords(100)), 31);
    expect(a.map((d) => d.body)).toEqual(b.map((d) => d.body));
  });

  it("renders the same documents in two parts — the reviews' before the insights are known, then insights.json and widget.json", () => {
    const { insights: _, ...base } = model;
    const insightsDocuments = renderInsightsDocuments(model);
    expect(insightsDocuments).toHaveLength(INSIGHTS_DOCUMENTS);
    const parts = inManifestOrder(renderReviewDocuments(base, 31), insightsDocuments);
    expect(parts).toEqual(renderDocuments(model, 31));
    expect(parts.slice(0, 3).map((d) => d.path)).toEqual(['/reviews.json', '/insights.json', '/widget.json']);
    expect(renderReviewDocuments(base, 31).map((d) => d.path)).not.toContain('/widget.json');
  });
});
