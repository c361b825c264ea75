import { describe, expect, it } from 'vitest';
import { cutText } from '../../../../core/text/cut-text.ts';
import { parseReviewCsv } from '../../../../core/import/parse-review-csv.ts';
import { MAX_TITLE } from '../../../../core/schemas/review-schema.ts';

describe('cutText', () => {
  it('keeps a text that fits, and cuts a longer one with an ellipsis within the limit', () => {
    expect(cutText('Great roof', 200)).toEqual({ text: 'Great roof', truncated: false });
    expect(cutText('a'.repeat(300), 200)).toEqual({ text: `${'a'.repeat(199)}…`, truncated: true });
  });

  it('never splits an emoji (a title cut at 200 UTF-16 units kept half of one)', () => {
    const title = `${'a'.repeat(198)}🏠 and more`;
    const cut = cutText(title, 200).text;
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut).toBe(`${'a'.repeat(198)}…`);
    expect(cut.isWellFormed()).toBe(true);
  });

  it('is what the CSV importer stores for a long title', () => {
    const text = `source_id,platform,date,rating,title\nc1,yelp,2025-01-01,5,${'a'.repeat(198)}🏠 roof\n`;
    const [review] = parseReviewCsv([{ path: 'r.csv', text }], { timeZone: 'UTC' }).reviews;
    expect(review!.fields.title).toBe(cutText(`${'a'.repeat(198)}🏠 roof`, MAX_TITLE).text);
    expect(review!.fields.title!.isWellFormed()).toBe(true);
  });
});
