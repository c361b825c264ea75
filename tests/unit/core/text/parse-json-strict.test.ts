import { describe, expect, it } from 'vitest';
import { parseJsonStrict } from '../../../../core/text/parse-json-strict.ts';

describe('parseJsonStrict with comments (business.json)', () => {
  it('takes a comma after the last entry of an object or array, as editors write JSONC, even with a comment before the bracket', () => {
    const text = '{\n  // the business\n  "name": "Peak",\n  "services": [\n    { "id": "repair", },\n  ],\n  "towns": ["Boise", /* more */ ],\n}\n';
    expect(parseJsonStrict(text, { comments: true })).toEqual({
      ok: true,
      value: { name: 'Peak', services: [{ id: 'repair' }], towns: ['Boise'] },
    });
  });

  it('refuses a comma that follows no value, a double comma, and any trailing comma without comments (a review line)', () => {
    for (const text of ['[,]', '{,}', '[1,,]', '{"a":1,,}']) expect(parseJsonStrict(text, { comments: true }), text).toMatchObject({ ok: false });
    expect(parseJsonStrict('{"a":1,}')).toMatchObject({ ok: false });
  });

  it('leaves commas inside strings alone', () => {
    expect(parseJsonStrict('{"a":"x,]","b":[",}"],}', { comments: true })).toEqual({ ok: true, value: { a: 'x,]', b: [',}'] } });
  });

  it('still names a key given twice, with its line', () => {
    expect(parseJsonStrict('{\n"rating": 1,\n"rating": 5,\n}', { comments: true })).toMatchObject({
      ok: false,
      line: 3,
      message: expect.stringContaining('key "rating" given twice'),
    });
  });
});
