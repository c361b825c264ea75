import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText } from '../../../../core/search/fold-text.ts';

describe('foldText', () => {
  it('folds ASCII by lowercasing alone, exactly as the full folding does', () => {
    const full = (s: string) =>
      s
        .normalize('NFKD')
        .replace(/\p{Mn}/gu, '')
        .toLowerCase();
    fc.assert(fc.property(fc.string({ unit: 'binary-ascii' }), (s) => foldText(s) === full(s)));
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => foldText(s) === full(s)));
    expect(foldText('Hail DAMAGE, Café')).toBe('hail damage, cafe');
  });
});
