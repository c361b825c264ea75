import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptableEncoding, negotiateEncoding } from '../../../../core/http/negotiate-encoding.ts';

describe('negotiateEncoding (RFC 9110 §12.5.3)', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['identity;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['*;q=0, gzip', 'gzip'],
    ['identity;q=0, *;q=0.2', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=abc', 'br'],
    ['br ; q=0.1 , gzip ; q=0.2', 'gzip'],
  ])('%j → %s', (header, want) => {
    expect(negotiateEncoding(header)).toBe(want);
  });
  it('always answers one of the three codings', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(['br', 'gzip', 'identity']).toContain(negotiateEncoding(s));
      }),
    );
  });
});

describe('acceptableEncoding: null when nothing we have is acceptable (issue 12, item 9)', () => {
  it.each([
    ['identity;q=0', null],
    ['*;q=0', null],
    ['gzip;q=0, br;q=0, identity;q=0', null],
    ['identity;q=0, gzip', 'gzip'],
    ['identity;q=0, *', 'br'],
    ['deflate', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
    [undefined, 'identity'],
  ])('%j → %s', (header, want) => {
    expect(acceptableEncoding(header)).toBe(want);
  });
});
