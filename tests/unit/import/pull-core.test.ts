/** Issue 25 — the pure parts of the live pulls: retry delays, Retry-After, incremental paging, state, settings. */
import { describe, expect, it } from 'vitest';
import { hasTrustpilotNextPage } from '../../../core/import/pull/pull-pages.ts';
import { isRetryableStatus, parseRetryAfter, pullRetryDelay } from '../../../core/import/pull/pull-retry.ts';
import { PullSettingsSchema } from '../../../core/import/pull/pull-settings.ts';
import { cutPage, formatPullState, laterTime, parsePullState } from '../../../core/import/pull/pull-state.ts';
import { PullSourcesSchema } from '../../../core/schemas/pull-sources-schema.ts';

describe('pull retries', () => {
  it('retries 429, 408 and 5xx only', () => {
    expect([429, 408, 500, 503, 599].every(isRetryableStatus)).toBe(true);
    expect([200, 400, 401, 403, 404].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('backs off exponentially with injected jitter, and honours Retry-After', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((a) => pullRetryDelay(a, 1000, mid))).toEqual([1000, 2000, 4000, 8000]);
    expect(pullRetryDelay(2, 1000, () => 0)).toBe(1000); // -50 %
    expect(pullRetryDelay(2, 1000, () => 0.999_999)).toBe(3000); // +50 %
    expect(pullRetryDelay(3, 1000, mid, 12_000)).toBe(12_000);
  });
});

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

describe('pull state', () => {
  it('round-trips with sorted keys, so the same state is the same bytes', () => {
    const a = formatPullState({ version: 1, sources: { 'trustpilot:x': { newest: 'b' }, 'google:accounts/1/locations/2': { newest: 'a' } } });
    const b = formatPullState(parsePullState(a));
    expect(b).toBe(a);
    expect(a.indexOf('google:')).toBeLessThan(a.indexOf('trustpilot:'));
    expect(parsePullState(null)).toEqual({ version: 1, sources: {} });
  });

  it('names what is wrong with a bad state file', () => {
    expect(() => parsePullState('{')).toThrow(/not valid JSON/);
    expect(() => parsePullState('{"version":1,"sources":{"g":{"newest":3}}}')).toThrow(/sources\.g\.newest/);
  });
});

describe('pull settings', () => {
  it('defaults to the real services', () => {
    expect(PullSettingsSchema.parse({})).toMatchObject({
      GOOGLE_API_BASE_URL: 'https://mybusiness.googleapis.com',
      GOOGLE_TOKEN_URL: 'https://oauth2.googleapis.com/token',
      TRUSTPILOT_API_BASE_URL: 'https://api.trustpilot.com',
    });
  });

  it('accepts plain http only on loopback addresses', () => {
    for (const ok of ['http://127.0.0.1:8080', 'http://localhost:1', 'http://[::1]:9', 'https://proxy.example.com/'])
      expect(PullSettingsSchema.safeParse({ GOOGLE_API_BASE_URL: ok }).success).toBe(true);
    for (const bad of ['http://10.0.0.1', 'http://example.com', 'ftp://127.0.0.1', 'https://a.example/?key=1', 'https://user:pw@a.example', 'nope'])
      expect(PullSettingsSchema.safeParse({ TRUSTPILOT_API_BASE_URL: bad }).success).toBe(false);
    expect(PullSettingsSchema.parse({ GOOGLE_API_BASE_URL: 'https://a.example/' }).GOOGLE_API_BASE_URL).toBe('https://a.example');
  });

  it('business.json names locations and business units by their ids, checked', () => {
    expect(
      PullSourcesSchema.safeParse({ google: { locations: ['accounts/1/locations/2'] }, trustpilot: { businessUnitId: '507f191e810c19729de860ea' } })
        .success,
    ).toBe(true);
    expect(PullSourcesSchema.safeParse({ google: { locations: ['locations/2'] } }).success).toBe(false);
    expect(PullSourcesSchema.safeParse({ google: { locations: ['accounts/1/locations/2'] }, apiKey: 'x' }).success).toBe(false);
  });
});
