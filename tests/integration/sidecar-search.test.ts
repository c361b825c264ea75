import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { computeEtag } from '../../core/http/compute-etag.ts';
import { ErrorBodySchema } from '../../core/schemas/error-schema.ts';
import type { ReviewsDocument } from '../../core/schemas/reviews-document-schema.ts';
import { SearchQuerySchema, type SearchQueryInput } from '../../core/search/search-query-schema.ts';
import { searchReviewsNaive } from '../../core/search/search-reviews-naive.ts';
import { SearchResponseSchema, type SearchResponse } from '../../core/search/search-response-schema.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';

const distDir = inject('distDir');
const doc = JSON.parse(readFileSync(join(distDir, 'reviews.json'), 'utf8')) as ReviewsDocument;
const { reviews, business } = doc;

let sidecar: TestSidecar;
beforeAll(async () => {
  sidecar = await startSidecar({ distDir });
});
afterAll(() => sidecar.close());

const qs = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

async function search(params: Record<string, string | number>): Promise<SearchResponse> {
  const r = await sidecar.request(`/api/reviews/search?${qs(params)}`);
  expect(r.status, r.text()).toBe(200);
  expect(r.header('content-type')).toBe('application/json; charset=utf-8');
  return SearchResponseSchema.parse(r.json());
}

/** The reference answer for the same filters (typed, defaults applied by the shared schema). */
function expected(input: SearchQueryInput) {
  return searchReviewsNaive(reviews, business, SearchQuerySchema.parse(input));
}

async function expectSameAsReference(params: Record<string, string | number>, typed: SearchQueryInput) {
  const body = await search(params);
  const want = expected(typed);
  expect(body.reviews.map((r) => r.id)).toEqual(want.reviews.map((r) => r.id));
  expect(body.total).toBe(want.total);
  expect(body.count).toBe(want.reviews.length);
  expect(body.filters).toEqual(SearchQuerySchema.parse(typed));
  return body;
}

const technician = business.technicians.find((t) => t.aliases.length > 0) ?? business.technicians[0]!;
const service = business.services[0]!;
const someWord = reviews.find((r) => /\w{6,}/.test(r.text))!.text.match(/\w{6,}/)![0];

describe('GET /api/reviews/search: every parameter', () => {
  it('no parameters: the 20 newest, full review fields, total of all', async () => {
    const body = await expectSameAsReference({}, {});
    expect(body.count).toBe(Math.min(20, reviews.length));
    expect(body.total).toBe(reviews.length);
    expect(body.filters).toEqual({ limit: 20 });
    expect(body.reviews[0]).toEqual(reviews[0]);
  });
  it.each([1, 2, 3, 4, 5])('rating=%i', async (rating) => {
    const body = await expectSameAsReference({ rating, limit: 100 }, { rating, limit: 100 });
    expect(body.reviews.every((r) => r.rating === rating)).toBe(true);
  });
  it.each([1, 3.5, 4, 5])('min_rating=%s', async (min) => {
    const body = await expectSameAsReference({ min_rating: min, limit: 100 }, { min_rating: min, limit: 100 });
    expect(body.reviews.every((r) => r.rating >= min)).toBe(true);
  });
  it('since and until (inclusive)', async () => {
    const mid = reviews[Math.floor(reviews.length / 2)]!.date;
    const since = await expectSameAsReference({ since: mid, limit: 100 }, { since: mid, limit: 100 });
    expect(since.reviews.every((r) => r.date >= mid)).toBe(true);
    const until = await expectSameAsReference({ until: mid, limit: 100 }, { until: mid, limit: 100 });
    expect(until.reviews.every((r) => r.date <= mid)).toBe(true);
    const day = await expectSameAsReference({ since: mid, until: mid }, { since: mid, until: mid });
    expect(day.total).toBeGreaterThan(0);
  });
  it('query: substring, case- and accent-insensitive', async () => {
    const lower = await expectSameAsReference({ query: someWord.toLowerCase() }, { query: someWord.toLowerCase() });
    expect(lower.total).toBeGreaterThan(0);
    const upper = await search({ query: someWord.toUpperCase() });
    expect(upper.reviews.map((r) => r.id)).toEqual(lower.reviews.map((r) => r.id));
    const inside = someWord.slice(1, -1);
    await expectSameAsReference({ query: inside }, { query: inside });
    const accented = someWord.toLowerCase().replace('e', 'é').replace('a', 'À');
    const withAccents = await search({ query: accented });
    expect(withAccents.total).toBe(lower.total);
    await expectSameAsReference({ query: 'the roof' }, { query: 'the roof' });
    await expectSameAsReference({ query: 'zzqqxx-not-there' }, { query: 'zzqqxx-not-there' });
  });
  it('mentions_technician: by display name, alias or id, any case', async () => {
    const byName = await expectSameAsReference(
      { mentions_technician: technician.name, limit: 100 },
      { mentions_technician: technician.name, limit: 100 },
    );
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.reviews.every((r) => r.technicians.some((t) => t.id === technician.id))).toBe(true);
    for (const alt of [technician.name.toUpperCase(), technician.id, ...technician.aliases]) {
      const body = await search({ mentions_technician: alt, limit: 100 });
      expect(body.total, alt).toBe(byName.total);
    }
    expect((await search({ mentions_technician: 'Nobody-Here' })).total).toBe(0);
  });
  it('mentions_service: by service id', async () => {
    const body = await expectSameAsReference({ mentions_service: service.id, limit: 100 }, { mentions_service: service.id, limit: 100 });
    expect(body.total).toBeGreaterThan(0);
    expect(body.reviews.every((r) => r.services.some((s) => s.id === service.id))).toBe(true);
    expect((await search({ mentions_service: 'no-such-service' })).total).toBe(0);
  });
  it('limit: 1, 100, default 20; total unaffected', async () => {
    const one = await search({ limit: 1 });
    const hundred = await search({ limit: 100 });
    expect(one.count).toBe(1);
    expect(hundred.count).toBe(Math.min(100, reviews.length));
    expect(one.total).toBe(hundred.total);
    expect(hundred.reviews[0]).toEqual(one.reviews[0]);
  });
  it('combines every filter with AND', async () => {
    const params = {
      min_rating: 3,
      since: '2021-01-01',
      until: '2026-12-31',
      query: 'roof',
      mentions_technician: technician.name,
      mentions_service: service.id,
      limit: 50,
    };
    await expectSameAsReference(params, params);
    await expectSameAsReference({ rating: 5, query: 'e' }, { rating: 5, query: 'e' });
  });
});

describe('GET /api/reviews/search: 400 with one issue per problem', () => {
  const cases: [string, { path: string; code: string }[]][] = [
    ['rating=abc', [{ path: 'rating', code: 'invalid_type' }]],
    ['rating=4.5', [{ path: 'rating', code: 'invalid_type' }]],
    ['rating=0', [{ path: 'rating', code: 'too_small' }]],
    ['rating=6', [{ path: 'rating', code: 'too_big' }]],
    ['min_rating=0.5', [{ path: 'min_rating', code: 'too_small' }]],
    ['min_rating=5.01', [{ path: 'min_rating', code: 'too_big' }]],
    ['min_rating=NaN', [{ path: 'min_rating', code: 'invalid_type' }]],
    ['min_rating=0x3', [{ path: 'min_rating', code: 'invalid_type' }]],
    ['since=2023-02-30', [{ path: 'since', code: 'custom' }]],
    ['until=2024-13-01', [{ path: 'until', code: 'custom' }]],
    ['since=2024/01/01', [{ path: 'since', code: 'invalid_format' }]],
    ['since=2024-05-01&until=2024-01-01', [{ path: 'since', code: 'custom' }]],
    ['limit=0', [{ path: 'limit', code: 'too_small' }]],
    ['limit=101', [{ path: 'limit', code: 'too_big' }]],
    ['limit=ten', [{ path: 'limit', code: 'invalid_type' }]],
    [`query=${'x'.repeat(201)}`, [{ path: 'query', code: 'too_big' }]],
    ['rating=4&rating=5', [{ path: 'rating', code: 'repeated_parameter' }]],
    ['rating=4&rating=4', [{ path: 'rating', code: 'repeated_parameter' }]],
    ['ratng=4', [{ path: 'ratng', code: 'unknown_parameter' }]],
    ['page=2', [{ path: 'page', code: 'unknown_parameter' }]],
    ['query=', [{ path: 'query', code: 'empty_value' }]],
    ['rating', [{ path: 'rating', code: 'empty_value' }]],
    ['query=%E0%A4%A', [{ path: 'query', code: 'invalid_encoding' }]],
    ['%ZZ=1', [{ path: '%ZZ', code: 'invalid_encoding' }]],
    [
      'rating=9&limit=0&foo=1&query=&since=2024-02-30&since=2024-01-01',
      [
        { path: 'rating', code: 'too_big' },
        { path: 'limit', code: 'too_small' },
        { path: 'foo', code: 'unknown_parameter' },
        { path: 'query', code: 'empty_value' },
        { path: 'since', code: 'repeated_parameter' },
      ],
    ],
  ];
  it.each(cases)('?%s', async (query, want) => {
    const r = await sidecar.request(`/api/reviews/search?${query}`);
    expect(r.status).toBe(400);
    expect(r.header('content-type')).toBe('application/json; charset=utf-8');
    expect(r.header('cache-control')).toBe('no-store');
    expect(r.header('access-control-allow-origin')).toBe('*');
    const body = ErrorBodySchema.parse(r.json());
    expect(body.issues.map(({ path, code }) => ({ path, code })).sort((a, b) => a.path.localeCompare(b.path))).toEqual(
      [...want].sort((a, b) => a.path.localeCompare(b.path)),
    );
    for (const issue of body.issues) expect(issue.message.length).toBeGreaterThan(5);
  });
  it('suggests the parameter a typo was meant to be', async () => {
    const body = (await sidecar.request('/api/reviews/search?min_ratng=4')).json<{ issues: { message: string }[] }>();
    expect(body.issues[0]!.message).toContain('"min_rating"');
  });
  it('405 with Allow for other methods', async () => {
    const r = await sidecar.request('/api/reviews/search?rating=5', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(405);
    expect(r.header('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('GET /api/reviews/search: conditional GET and encodings', () => {
  const path = '/api/reviews/search?min_rating=4&limit=50';
  it('strong ETag of the body bytes, stable across requests and parameter spellings', async () => {
    const a = await sidecar.request(path);
    const b = await sidecar.request('/api/reviews/search?limit=50&min_rating=4.0');
    expect(a.header('etag')).toBe(computeEtag(a.body));
    expect(b.header('etag')).toBe(a.header('etag'));
    expect(a.header('last-modified')).toBeDefined();
    expect(a.header('vary')).toBe('Accept-Encoding');
    expect(a.header('cache-control')).toMatch(/max-age/);
    const defaulted = await sidecar.request('/api/reviews/search');
    const explicit = await sidecar.request('/api/reviews/search?limit=20');
    expect(explicit.header('etag')).toBe(defaulted.header('etag'));
  });
  it('runs the search and hashes the body once per distinct filters within a build, not per request', async () => {
    const engine = sidecar.snapshots.current().search;
    const original = engine.search;
    let calls = 0;
    engine.search = (...args) => {
      calls++;
      return original(...args);
    };
    try {
      const spellings = ['rating=3&limit=7', 'limit=7&rating=3', 'limit=7&rating=3.0', 'rating=%33&limit=07'];
      const etags = new Set<string | undefined>();
      for (const q of spellings) {
        etags.add((await sidecar.request(`/api/reviews/search?${q}`)).header('etag'));
        etags.add((await sidecar.request(`/api/reviews/search?${q}`, { method: 'HEAD' })).header('etag'));
        etags.add((await sidecar.request(`/api/reviews/search?${q}`, { headers: { 'accept-encoding': 'identity' } })).header('etag'));
      }
      expect(calls).toBe(1);
      expect(etags.size).toBe(1);
    } finally {
      engine.search = original;
    }
  });
  it('304 on If-None-Match (exact, list, weak, *) with an empty body; 200 otherwise', async () => {
    const etag = (await sidecar.request(path)).header('etag')!;
    for (const inm of [etag, `"x", ${etag}`, `W/${etag}`, '*']) {
      const r = await sidecar.request(path, { headers: { 'if-none-match': inm } });
      expect(r.status, inm).toBe(304);
      expect(r.body.length).toBe(0);
      expect(r.header('etag')).toBe(etag);
    }
    expect((await sidecar.request(path, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });
  it('If-Modified-Since when there is no If-None-Match', async () => {
    const first = await sidecar.request(path);
    const lm = first.header('last-modified')!;
    expect((await sidecar.request(path, { headers: { 'if-modified-since': lm } })).status).toBe(304);
    expect((await sidecar.request(path, { headers: { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' } })).status).toBe(200);
    expect((await sidecar.request(path, { headers: { 'if-modified-since': lm, 'if-none-match': '"other"' } })).status).toBe(200);
  });
  it('gzip and br variants with distinct ETags, same content', async () => {
    const plain = await sidecar.request(path);
    const gz = await sidecar.request(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.header('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(gz.header('etag')).toBe(computeEtag(plain.body, 'gzip'));
    const again = await sidecar.request(path, { headers: { 'accept-encoding': 'gzip', 'if-none-match': gz.header('etag')! } });
    expect(again.status).toBe(304);
  });
  it('HEAD', async () => {
    const get = await sidecar.request(path);
    const head = await sidecar.request(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.header('etag')).toBe(get.header('etag'));
    expect(head.header('content-length')).toBe(get.header('content-length'));
  });
});
