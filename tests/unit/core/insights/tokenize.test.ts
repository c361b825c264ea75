import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../../core/insights/tokenize.ts';

describe('tokenize', () => {
  it('keeps offsets, folds apostrophes, splits hyphenated words and keeps numbers whole', () => {
    const text = 'No-show, didn’t call! $2,400 total.';
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.norm)).toEqual(['no', 'show', ',', "didn't", 'call', '!', '$2,400', 'total', '.']);
    for (const t of tokens) expect(text.slice(t.start, t.end).toLowerCase().replace('’', "'")).toBe(t.norm);
  });

  it('classifies non-ASCII first letters by Unicode: accented capitals, title case, astral letters', () => {
    const of = (text: string) => tokenize(text).map((t) => [t.norm, t.word, t.capital]);
    expect(of('Émile éric ǅemal İlker')).toEqual([
      ['émile', true, true],
      ['éric', true, false],
      ['ǆemal', true, false], // title case is not upper case
      ['i̇lker', true, true],
    ]);
    expect(of('Zed 9/10 $5 -- ’tis')).toEqual([
      ['zed', true, true],
      ['9/10', true, false],
      ['$5', true, false],
      ['—', false, false],
      ['tis', true, false],
    ]);
    // a token that opens with a letter outside the basic plane was never taken for a word (its first code unit is a surrogate)
    expect(of('\u{1D400}pple')[0]).toEqual(['\u{1D400}pple'.toLowerCase(), false, false]);
  });
});
