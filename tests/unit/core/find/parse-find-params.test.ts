import { describe, expect, it } from 'vitest';
import { parseFindParams } from '../../../../core/find/parse-find-params.ts';

describe('parseFindParams', () => {
  it('applies the default limit and reports one issue per problem', () => {
    expect(parseFindParams('q=roof')).toEqual({ ok: true, value: { q: 'roof', limit: 20 } });
    const bad = parseFindParams('query=roof&limit=0&limit=2');
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.issues.map((i) => [i.path, i.code])).toEqual([
        ['query', 'unknown_parameter'],
        ['limit', 'repeated_parameter'],
        ['q', 'invalid_type'],
      ]);
    const punctuation = parseFindParams('q=%21%21');
    expect(punctuation.ok).toBe(false);
  });
});
