/** Issue 25 — the pure parts of the live pulls: incremental paging (cut at the watermark, next-page detection). */
import { describe, expect, it } from 'vitest';
import { hasTrustpilotNextPage } from '../../../../../core/import/pull/pull-pages.ts';
import { cutPage, laterTime } from '../../../../../core/import/pull/pull-state.ts';

describe('incremental paging', () => {
  const page = ['2026-11-03T10:00:00.5Z', '2026-11-02T10:00:00Z', '2026-11-01T10:00:00Z'];

  it('keeps everything without a watermark', () => {
    expect(cutPage(page, undefined)).toEqual({ keep: 3, stop: false });
  });

  it('stops at the first review older than the watermark; an equal time is read again', () => {
    expect(cutPage(page, '2026-11-02T10:00:00Z')).toEqual({ keep: 2, stop: true });
    expect(cutPage(page, '2026-10-01T00:00:00Z')).toEqual({ keep: 3, stop: false });
    expect(cutPage(page, '2026-12-01T00:00:00Z')).toEqual({ keep: 0, stop: true });
  });

  it('compares instants, not strings (fractions and offsets)', () => {
    expect(laterTime('2026-11-02T10:00:00.9Z', '2026-11-02T11:00:00+01:00')).toBe('2026-11-02T10:00:00.9Z');
    expect(laterTime(undefined, '2026-11-02T10:00:00Z')).toBe('2026-11-02T10:00:00Z');
  });

  it('follows Trustpilot next-page links only while pages have reviews', () => {
    const link = { href: 'x', rel: 'next-page', method: 'GET' };
    expect(hasTrustpilotNextPage({ reviews: [{ createdAt: 'x' }], links: [link] })).toBe(true);
    expect(hasTrustpilotNextPage({ reviews: [], links: [link] })).toBe(false);
    expect(hasTrustpilotNextPage({ reviews: [{ createdAt: 'x' }], links: [{ ...link, rel: 'prev-page' }] })).toBe(false);
  });
});
