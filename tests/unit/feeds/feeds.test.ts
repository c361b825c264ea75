import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { renderDocuments } from '../../../core/build/render-documents.ts';
import { renderAtom } from '../../../core/feeds/render-atom.ts';
import { renderJsonFeed } from '../../../core/feeds/render-json-feed.ts';
import { renderSinceDocument } from '../../../core/feeds/render-reviews-document.ts';
import { JsonFeedSchema } from '../../../core/schemas/json-feed-schema.ts';
import { checkAtom } from '../../../scripts/lib/check-dist.ts';
import { manyRecords, record, sampleModel } from '../../helpers/sample-model.ts';

import { createJsonFeedValidator } from '../../helpers/json-feed-validator.ts';

const jsonFeed = createJsonFeedValidator();
const validateJsonFeed = jsonFeed.validate;

describe('JSON Feed', () => {
  const model = sampleModel(manyRecords(80));
  const feed = renderJsonFeed(model);

  it('holds the 50 newest reviews, newest first', () => {
    expect(feed.items).toHaveLength(50);
    expect(feed.items[0]!._review.id).toBe(model.reviews[0]!.id);
    expect(feed.items.map((i) => i._review.date)).toEqual([...feed.items.map((i) => i._review.date)].sort().reverse());
  });

  it('validates against the JSON Feed 1.1 JSON Schema (draft-04) and our Zod schema', () => {
    expect(validateJsonFeed(JSON.parse(JSON.stringify(feed))), jsonFeed.errors()).toBe(true);
    expect(JsonFeedSchema.safeParse(feed).success).toBe(true);
  });

  it('names the WebSub hub and full timestamps', () => {
    expect(feed.hubs).toEqual([{ type: 'WebSub', url: 'https://reviews.example/api/websub/hub' }]);
    expect(feed.items[0]!.date_published).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
  });

  it('the JSON Schema rejects a broken feed (the check can fail)', () => {
    expect(validateJsonFeed({ ...feed, version: 'https://jsonfeed.org/version/1' })).toBe(false);
    expect(validateJsonFeed({ ...feed, items: [{ id: 'x' }] })).toBe(false);
  });

  it('escapes review text in content_html', () => {
    const m = sampleModel([record({ id: 'r-x', date: '2024-01-01', text: '<script>alert(1)</script> & <a href="javascript:x">y</a>' })]);
    const item = renderJsonFeed(m).items[0]!;
    expect(item.content_html).not.toContain('<script');
    expect(item.content_html).not.toContain('<a ');
    expect(item.content_html).toContain('&lt;script&gt;');
  });
});

describe('Atom feed', () => {
  const model = sampleModel([
    ...manyRecords(60),
    record({ id: 'r-evil', date: '2025-01-01', title: 'A & B <c>', text: 'Bad\u0001char ]]> <b>x</b>' }),
  ]);
  const xml = renderAtom(model);

  it('has every element RFC 4287 requires, self and hub links', () => {
    expect(checkAtom(xml)).toEqual([]);
    expect(xml).toContain('<link rel="hub" href="https://reviews.example/api/websub/hub"/>');
    expect(xml).toContain('<link rel="self" type="application/atom+xml" href="https://reviews.example/feed.xml"/>');
  });

  it('is parsed by a real feed reader library', async () => {
    const feed = await new Parser().parseString(xml);
    expect(feed.items).toHaveLength(50);
    expect(feed.items[0]!.title).toContain('A & B <c>');
    expect(feed.items[0]!.link).toBe('https://reviews.example/reviews/2025-01/#r-evil');
  });

  it('checkAtom catches a feed missing required elements', () => {
    expect(checkAtom(xml.replace(/<updated>[^<]*<\/updated>/, ''))).toContain('feed lacks <updated>');
    expect(checkAtom('<feed>')[0]).toMatch(/not well-formed/);
  });

  it('takes updated from the data, not the clock', () => {
    expect(xml).toMatch(/<updated>2025-01-01T00:00:00Z<\/updated>/);
  });
});

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
});
