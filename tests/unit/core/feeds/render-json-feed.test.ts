import { describe, expect, it } from 'vitest';
import { renderJsonFeed } from '../../../../core/feeds/render-json-feed.ts';
import { JsonFeedSchema } from '../../../../core/schemas/json-feed-schema.ts';
import { manyRecords, record, sampleModel } from '../../../helpers/sample-model.ts';
import { createJsonFeedValidator } from '../../../helpers/json-feed-validator.ts';

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
