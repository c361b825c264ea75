import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../../core/build/build-manifest-schema.ts';
import { DATA_CACHE_CONTROL, websubLinkHeader } from '../../core/build/render-headers-file.ts';
import { DOCUMENT_PATHS, TOPIC_PATHS } from '../../core/model/published-paths.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';

const distDir = inject('distDir');
const baseUrl = inject('baseUrl');
const manifest = JSON.parse(readFileSync(join(distDir, BUILD_MANIFEST_FILE), 'utf8')) as BuildManifest;
const entry = (path: string) => manifest.documents.find((d) => d.path === path)!;
const file = (name: string) => readFileSync(join(distDir, name));

let sidecar: TestSidecar;
beforeAll(async () => {
  sidecar = await startSidecar({ distDir, env: { BASE_URL: baseUrl } });
});
afterAll(() => sidecar.close());

const dataPaths = [...Object.values(DOCUMENT_PATHS), manifest.documents.find((d) => d.kind === 'since')!.path];

describe('data documents: bytes, encodings and headers', () => {
  it.each(dataPaths)('%s: identity, gzip and br are the build files with their own ETags', async (path) => {
    const doc = entry(path);
    const plain = await sidecar.request(path);
    expect(plain.status).toBe(200);
    expect(plain.body.equals(file(doc.identity.file))).toBe(true);
    expect(plain.header('etag')).toBe(doc.identity.etag);
    expect(plain.header('content-encoding')).toBeUndefined();
    expect(plain.header('content-length')).toBe(String(doc.identity.bytes));
    expect(plain.header('content-type')).toBe(doc.contentType);

    const gz = await sidecar.request(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.header('content-encoding')).toBe('gzip');
    expect(gz.header('etag')).toBe(doc.gzip.etag);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

    const br = await sidecar.request(path, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.header('content-encoding')).toBe('br');
    expect(br.header('etag')).toBe(doc.br.etag);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(new Set([plain.header('etag'), gz.header('etag'), br.header('etag')]).size).toBe(3);

    for (const r of [plain, gz, br]) {
      expect(r.header('vary')).toBe('Accept-Encoding');
      expect(r.header('cache-control')).toBe(DATA_CACHE_CONTROL);
      expect(r.header('last-modified')).toBe(doc.lastModified ?? undefined);
      expect(r.header('access-control-allow-origin')).toBe('*');
      expect(r.header('access-control-expose-headers')).toMatch(/ETag, Last-Modified, Link, Mcp-Session-Id/);
      expect(r.header('cross-origin-resource-policy')).toBe('cross-origin');
      expect(r.header('x-content-type-options')).toBe('nosniff');
      const topic = (TOPIC_PATHS as readonly string[]).includes(path);
      expect(r.header('link')).toBe(topic ? websubLinkHeader(baseUrl, path) : undefined);
    }
  });

  it('honours q-values and identity;q=0', async () => {
    const path = DOCUMENT_PATHS.reviews;
    const cases: [string, string | undefined][] = [
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
      ['*', 'br'],
      ['identity', undefined],
      ['identity;q=0, gzip;q=0.1', 'gzip'],
      ['x-gzip', 'gzip'],
      ['', undefined],
    ];
    for (const [accept, coding] of cases) {
      const r = await sidecar.request(path, { headers: { 'accept-encoding': accept } });
      expect(r.status, accept).toBe(200);
      expect(r.header('content-encoding'), accept).toBe(coding);
    }
  });

  it('HEAD sends the headers of GET and no body', async () => {
    const get = await sidecar.request(DOCUMENT_PATHS.insights, { headers: { 'accept-encoding': 'br' } });
    const head = await sidecar.request(DOCUMENT_PATHS.insights, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const h of ['etag', 'content-length', 'content-type', 'content-encoding', 'last-modified', 'vary'])
      expect(head.header(h), h).toBe(get.header(h));
  });

  it('ignores a query string, as a CDN would (served through Express)', async () => {
    const r = await sidecar.request(`${DOCUMENT_PATHS.reviews}?cachebust=1`);
    expect(r.status).toBe(200);
    expect(r.header('etag')).toBe(entry(DOCUMENT_PATHS.reviews).identity.etag);
    expect(r.body.equals(file('reviews.json'))).toBe(true);
    expect(r.header('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('answers other methods with a JSON 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const r = await sidecar.request(DOCUMENT_PATHS.reviews, { method });
      expect(r.status, method).toBe(405);
      expect(r.header('allow')).toBe('GET, HEAD, OPTIONS');
      expect(r.header('content-type')).toMatch(/^application\/json/);
      expect(r.json()).toMatchObject({ error: expect.any(String), issues: [] });
    }
  });
});

describe('conditional GET on data documents (RFC 9110 §13.1.2, §13.1.3, §13.2.2)', () => {
  const path = DOCUMENT_PATHS.reviews;
  const doc = () => entry(path);
  const later = 'Fri, 01 Jan 2100 00:00:00 GMT';
  const earlier = 'Thu, 01 Jan 1970 00:00:00 GMT';
  const cases: { name: string; headers: () => Record<string, string>; status: number }[] = [
    { name: 'exact If-None-Match', headers: () => ({ 'if-none-match': doc().identity.etag }), status: 304 },
    { name: 'If-None-Match list containing it', headers: () => ({ 'if-none-match': `"nope", ${doc().identity.etag} , "other"` }), status: 304 },
    { name: 'weak comparison (W/ prefix)', headers: () => ({ 'if-none-match': `W/${doc().identity.etag}` }), status: 304 },
    { name: '*', headers: () => ({ 'if-none-match': '*' }), status: 304 },
    { name: 'non-matching tag', headers: () => ({ 'if-none-match': '"nope"' }), status: 200 },
    { name: 'tag of another encoding', headers: () => ({ 'if-none-match': doc().gzip.etag }), status: 200 },
    { name: 'garbage If-None-Match', headers: () => ({ 'if-none-match': 'garbage, "unterminated' }), status: 200 },
    { name: 'If-Modified-Since at Last-Modified', headers: () => ({ 'if-modified-since': doc().lastModified! }), status: 304 },
    // Only its own Last-Modified sent back: Last-Modified is no change time (lastModifiedOf), so a later date proves nothing.
    { name: 'If-Modified-Since later', headers: () => ({ 'if-modified-since': later }), status: 200 },
    { name: 'If-Modified-Since earlier', headers: () => ({ 'if-modified-since': earlier }), status: 200 },
    { name: 'invalid If-Modified-Since is ignored', headers: () => ({ 'if-modified-since': 'yesterday' }), status: 200 },
    {
      name: 'If-None-Match wins over a matching If-Modified-Since',
      headers: () => ({ 'if-none-match': '"nope"', 'if-modified-since': later }),
      status: 200,
    },
    {
      name: 'If-None-Match match wins over an old If-Modified-Since',
      headers: () => ({ 'if-none-match': doc().identity.etag, 'if-modified-since': earlier }),
      status: 304,
    },
  ];
  it.each(cases)('$name → $status', async ({ headers, status }) => {
    const r = await sidecar.request(path, { headers: headers() });
    expect(r.status).toBe(status);
    if (status === 304) {
      expect(r.body.length).toBe(0);
      expect(r.header('etag')).toBe(doc().identity.etag);
      expect(r.header('cache-control')).toBe(DATA_CACHE_CONTROL);
      expect(r.header('vary')).toBe('Accept-Encoding');
      expect(r.header('access-control-allow-origin')).toBe('*');
    } else {
      expect(r.body.length).toBe(doc().identity.bytes);
    }
  });

  it('matches per encoding: a br ETag revalidates a br response', async () => {
    const r = await sidecar.request(path, { headers: { 'accept-encoding': 'br', 'if-none-match': doc().br.etag } });
    expect(r.status).toBe(304);
    expect(r.header('etag')).toBe(doc().br.etag);
    const mismatch = await sidecar.request(path, { headers: { 'accept-encoding': 'br', 'if-none-match': doc().identity.etag } });
    expect(mismatch.status).toBe(200);
  });

  it('HEAD is conditional too', async () => {
    const r = await sidecar.request(path, { method: 'HEAD', headers: { 'if-none-match': doc().identity.etag } });
    expect(r.status).toBe(304);
    expect(r.body.length).toBe(0);
  });

  it.each(Object.values(DOCUMENT_PATHS))('%s answers 304 to its own ETag', async (p) => {
    const first = await sidecar.request(p);
    const again = await sidecar.request(p, { headers: { 'if-none-match': first.header('etag')! } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
