import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../../core/insights/tokenize.ts';

describe('tokenize', () => {
  it('keeps offsets, folds apostrophes, splits hyphenated words and keeps numbers whole', () => {
    const text = 'No-show, didn’t call! $2,400 total.';
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.norm)).toEqual(['no', 'show', ',', "didn't", 'call', '!', '$2,400', 'total', '.']);
    for (const t of tokens) expect(text.slice(t.start, t.end).toLowerCase().replace('’', "'")).toBe(t.norm);
  });
});
