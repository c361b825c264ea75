import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQueryString } from '../../../../core/http/parse-query-string.ts';

describe('parseQueryString', () => {
  it('keeps every value of a repeated key, in order of first appearance', () => {
    const { values, issues } = parseQueryString('b=2&a=1&b=3&c');
    expect([...values]).toEqual([
      ['b', ['2', '3']],
      ['a', ['1']],
      ['c', ['']],
    ]);
    expect(issues).toEqual([]);
  });
  it('decodes + and percent-encoding as forms do, and splits at the first =', () => {
    const { values } = parseQueryString('query=caf%C3%A9+au+lait&x=a%3Db=c&%C3%A9=1');
    expect(values.get('query')).toEqual(['café au lait']);
    expect(values.get('x')).toEqual(['a=b=c']);
    expect(values.get('é')).toEqual(['1']);
  });
  it('reports bad percent-encoding instead of guessing', () => {
    const { values, issues } = parseQueryString('query=%E0%A4%A&ok=1&%ZZ=2');
    expect([...values.keys()]).toEqual(['ok']);
    expect(issues.map((i) => [i.path, i.code])).toEqual([
      ['query', 'invalid_encoding'],
      ['%ZZ', 'invalid_encoding'],
    ]);
  });
  it('ignores empty segments', () => {
    expect([...parseQueryString('&&a=1&&').values.keys()]).toEqual(['a']);
  });
  it('never throws and round-trips encodeURIComponent', () => {
    fc.assert(fc.property(fc.string(), (s) => void parseQueryString(s)));
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (k, v) => {
        const { values } = parseQueryString(`${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
        expect(values.get(k)).toEqual([v]);
      }),
    );
  });
});
