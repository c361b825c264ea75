import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../../core/build/build-manifest-schema.ts';
import { renderSinceDocument } from '../../core/feeds/render-reviews-document.ts';
import { computeEtag } from '../../core/http/compute-etag.ts';
import { addDays } from '../../core/model/calendar.ts';
import { ErrorBodySchema } from '../../core/schemas/error-schema.ts';
import { SinceDocumentSchema, type ReviewsDocument } from '../../core/schemas/reviews-document-schema.ts';
import { sinceBoundary } from '../../core/search/since-boundary.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';

const distDir = inject('distDir');
const manifest = JSON.parse(readFileSync(join(distDir, BUILD_MANIFEST_FILE), 'utf8')) as BuildManifest;
const { reviews } = JSON.parse(readFileSync(join(distDir, 'reviews.json'), 'utf8')) as ReviewsDocument;
const window = manifest.sinceWindow!;
const oldest = reviews.at(-1)!.date;
const newest = reviews[0]!.date;

let sidecar: TestSidecar;
beforeAll(async () => {
  sidecar = await startSidecar({ distDir });
});
afterAll(() => sidecar.close());

describe('GET /api/reviews/since/{date}', () => {
  it('a date in the prebuilt window is the build file, with its manifest ETag', async () => {
    const path = `/api/reviews/since/${window.from}`;
    const entry = manifest.documents.find((d) => d.path === path)!;
    const r = await sidecar.request(path);
    expect(r.status).toBe(200);
    expect(r.body.equals(readFileSync(join(distDir, entry.identity.file)))).toBe(true);
    expect(r.header('etag')).toBe(entry.identity.etag);
  });

  const outside = [
    addDays(window.from, -1),
    reviews[Math.floor(reviews.length / 2)]!.date,
    oldest,
    addDays(oldest, -400),
    '1900-01-01',
    addDays(newest, 1),
    '2999-12-31',
    '2024-02-29',
  ];
  it.each(outside)(
    '%s (outside the window): exactly the bytes the build would write (for the boundary date when before the oldest or after the newest review)',
    async (date) => {
      const r = await sidecar.request(`/api/reviews/since/${date}`);
      expect(r.status).toBe(200);
      const effective = sinceBoundary(
        reviews.map((x) => x.date),
        date,
      );
      expect(r.header('content-location')).toBe(effective === date ? undefined : `/api/reviews/since/${effective}`);
      const want = renderSinceDocument(reviews, effective);
      expect(r.text()).toBe(JSON.stringify(want));
      const body = SinceDocumentSchema.parse(r.json());
      expect(body.reviews.every((x) => x.date >= date)).toBe(true);
      expect(body.count).toBe(reviews.filter((x) => x.date >= date).length);
      expect(r.header('etag')).toBe(computeEtag(r.body));
      // Within the day before its newest date, at a second of its own (lastModifiedOf).
      if (!want.updated) expect(r.header('last-modified')).toBeUndefined();
      else {
        const at = Date.parse(r.header('last-modified')!);
        const day = Date.parse(`${want.updated}T00:00:00Z`);
        expect(at < day && at >= day - 86_400_000, `${r.header('last-modified')} for ${want.updated}`).toBe(true);
      }
      expect(r.header('content-type')).toBe('application/json; charset=utf-8');
    },
  );

  it('documents its order: newest first, ties by id', async () => {
    const body = SinceDocumentSchema.parse((await sidecar.request(`/api/reviews/since/${oldest}`)).json());
    const sorted = [...body.reviews].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.id < b.id ? -1 : 1));
    expect(body.reviews.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
    expect(body.count).toBe(reviews.length);
  });

  it('a rendered date gets the same ETag as the build gives the same bytes', async () => {
    // Same content, same hash: a since file built for this date would carry this exact ETag.
    const r = await sidecar.request(`/api/reviews/since/${addDays(window.from, -1)}`);
    expect(r.header('etag')).toBe(computeEtag(Buffer.from(JSON.stringify(renderSinceDocument(reviews, addDays(window.from, -1))))));
  });

  it('conditional GET: 304 on If-None-Match and If-Modified-Since, HEAD, gzip', async () => {
    const path = `/api/reviews/since/${oldest}`;
    const first = await sidecar.request(path);
    const etag = first.header('etag')!;
    for (const inm of [etag, `W/${etag}`, `"a", ${etag}`, '*']) {
      const r = await sidecar.request(path, { headers: { 'if-none-match': inm } });
      expect(r.status, inm).toBe(304);
      expect(r.body.length).toBe(0);
      expect(r.header('etag')).toBe(etag);
    }
    expect((await sidecar.request(path, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
    expect((await sidecar.request(path, { headers: { 'if-modified-since': first.header('last-modified')! } })).status).toBe(304);
    expect((await sidecar.request(path, { headers: { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' } })).status).toBe(200);
    const head = await sidecar.request(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.header('content-length')).toBe(String(first.body.length));
    const gz = await sidecar.request(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.header('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).equals(first.body)).toBe(true);
    expect((await sidecar.request(path, { headers: { 'accept-encoding': 'gzip', 'if-none-match': gz.header('etag')! } })).status).toBe(304);
    const windowPath = `/api/reviews/since/${window.to}`;
    const w = await sidecar.request(windowPath);
    expect((await sidecar.request(windowPath, { headers: { 'if-none-match': w.header('etag')! } })).status).toBe(304);
  });

  it('a body too large to cache is streamed from reviews.json bytes, uncompressed, with the same validators', async () => {
    const small = await startSidecar({ distDir, env: { SEARCH_CACHE_MB: '0' } });
    try {
      const path = `/api/reviews/since/${oldest}`;
      const r = await small.request(path, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(r.status).toBe(200);
      expect(r.header('content-encoding')).toBeUndefined();
      expect(r.header('vary')).toBe('Accept-Encoding');
      expect(r.text()).toBe(JSON.stringify(renderSinceDocument(reviews, oldest)));
      expect(r.header('content-length')).toBe(String(r.body.length));
      expect(r.header('etag')).toBe(computeEtag(r.body));
      // Same representation as the cached path gives.
      expect(r.header('etag')).toBe((await sidecar.request(path)).header('etag'));
      const again = await small.request(path, { headers: { 'if-none-match': r.header('etag')! } });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      const head = await small.request(path, { method: 'HEAD' });
      expect(head.header('content-length')).toBe(String(r.body.length));
      expect(head.body.length).toBe(0);
    } finally {
      await small.close();
    }
  });

  const bad: [string, string][] = [
    ['2023-02-30', 'custom'],
    ['2023-13-01', 'custom'],
    ['2023-1-01', 'invalid_format'],
    ['yesterday', 'invalid_format'],
    ['20230101', 'invalid_format'],
    ['2023-01-01T00:00:00Z', 'invalid_format'],
    ['%E0%A4%A', 'invalid_encoding'],
    ['..%2F..%2Fpackage.json', 'invalid_format'],
    ['%2e%2e', 'invalid_format'],
    ['', 'empty_value'],
  ];
  it.each(bad)('400 for %j', async (date, code) => {
    const r = await sidecar.request(`/api/reviews/since/${date}`);
    expect(r.status).toBe(400);
    const body = ErrorBodySchema.parse(r.json());
    expect(body.issues).toEqual([expect.objectContaining({ path: 'date', code })]);
  });

  it('400 for query parameters (the endpoint has none), one issue each', async () => {
    const r = await sidecar.request(`/api/reviews/since/${oldest}?limit=5&x=1`);
    expect(r.status).toBe(400);
    const body = ErrorBodySchema.parse(r.json());
    expect(body.issues.map((i) => [i.path, i.code])).toEqual([
      ['limit', 'unknown_parameter'],
      ['x', 'unknown_parameter'],
    ]);
    const both = ErrorBodySchema.parse((await sidecar.request('/api/reviews/since/2023-02-30?x=1')).json());
    expect(both.issues.map((i) => i.path)).toEqual(['date', 'x']);
  });

  it('404 for extra path segments, 405 with Allow for other methods', async () => {
    expect((await sidecar.request(`/api/reviews/since/${oldest}/more`)).status).toBe(404);
    const r = await sidecar.request(`/api/reviews/since/${oldest}`, { method: 'DELETE' });
    expect(r.status).toBe(405);
    expect(r.header('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
