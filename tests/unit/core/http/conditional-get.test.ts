import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ifNoneMatchMatches, isNotModified, parseEntityTagList, parseHttpDate } from '../../../../core/http/conditional-get.ts';
import { computeEtag, etagForEncoding } from '../../../../core/http/compute-etag.ts';

const etag = '"abc"';
const lastModified = 'Wed, 11 Nov 2026 00:00:00 GMT';

describe('parseEntityTagList (RFC 9110 §8.8.3)', () => {
  it('parses *, lists, weak tags, commas inside quotes, and skips garbage', () => {
    expect(parseEntityTagList('*')).toBe('*');
    expect(parseEntityTagList(' * ')).toBe('*');
    expect(parseEntityTagList('"a", W/"b",   "c"')).toEqual(['"a"', '"b"', '"c"']);
    expect(parseEntityTagList('"a,b", "c"')).toEqual(['"a,b"', '"c"']);
    expect(parseEntityTagList('garbage, "ok", W/bad, "unterminated')).toEqual(['"ok"']);
    expect(parseEntityTagList('')).toEqual([]);
  });
  it('never throws', () => {
    fc.assert(fc.property(fc.string(), (s) => void parseEntityTagList(s)));
  });
});

describe('ifNoneMatchMatches (weak comparison)', () => {
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x",W/"abc"', true],
    ['*', true],
    ['"abc-gzip"', false],
    ['"ABC"', false],
    ['abc', false],
    ['', false],
  ])('%j → %s', (header, want) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(want);
  });
  it('a weak validator on our side still compares weakly', () => {
    expect(ifNoneMatchMatches('"abc"', 'W/"abc"')).toBe(true);
  });
});

describe('isNotModified (§13.2.2 precedence)', () => {
  const v = { etag, lastModified };
  it.each([
    [{}, false],
    [{ ifNoneMatch: etag }, true],
    [{ ifNoneMatch: '"other"' }, false],
    [{ ifNoneMatch: '"other"', ifModifiedSince: lastModified }, false],
    [{ ifNoneMatch: etag, ifModifiedSince: 'Thu, 01 Jan 1970 00:00:00 GMT' }, true],
    [{ ifModifiedSince: lastModified }, true],
    // Only the document's own Last-Modified sent back: a later date proves nothing (Last-Modified is no change time).
    [{ ifModifiedSince: 'Thu, 12 Nov 2026 00:00:00 GMT' }, false],
    [{ ifModifiedSince: 'Tue, 10 Nov 2026 23:59:59 GMT' }, false],
    [{ ifModifiedSince: 'not a date' }, false],
    [{ ifModifiedSince: '2026-11-12' }, false],
    [{ ifModifiedSince: 'Wednesday, 11-Nov-26 00:00:00 GMT' }, true],
    [{ ifModifiedSince: 'Wed Nov 11 00:00:00 2026' }, true],
  ])('%j → %s', (headers, want) => {
    expect(isNotModified(headers, v)).toBe(want);
  });
  it('If-Modified-Since is ignored without Last-Modified', () => {
    expect(isNotModified({ ifModifiedSince: lastModified }, { etag, lastModified: null })).toBe(false);
  });
});

describe('parseHttpDate', () => {
  it('accepts the three HTTP-date formats only', () => {
    expect(parseHttpDate(lastModified)).toBe(Date.UTC(2026, 10, 11));
    expect(parseHttpDate('Wednesday, 11-Nov-26 00:00:00 GMT')).toBe(Date.UTC(2026, 10, 11));
    expect(parseHttpDate('Wed Nov 11 00:00:00 2026')).toBe(Date.UTC(2026, 10, 11));
    expect(parseHttpDate('Wed Nov  1 00:00:00 2026')).toBe(Date.UTC(2026, 10, 1));
    for (const bad of ['2026-11-11', 'yesterday', '', 'Wed, 11 Nov 2026 00:00:00 PST', '1731283200']) expect(parseHttpDate(bad), bad).toBeUndefined();
  });
});

describe('computeEtag / etagForEncoding', () => {
  it('derives the encoded ETag exactly as computeEtag would', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('gzip' as const, 'br' as const), (s, coding) => {
        expect(etagForEncoding(computeEtag(s), coding)).toBe(computeEtag(s, coding));
      }),
    );
  });
});
