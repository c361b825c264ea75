/**
 * /widget.js and /widget.json are served like every other document (ETag per encoding, conditional
 * GET, precompressed variants, public CORS, in the manifest and _headers) and are not WebSub topics.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BuildManifest } from '../../core/build/build-manifest-schema.ts';
import type { ReviewsDocument } from '../../core/schemas/reviews-document-schema.ts';
import { WidgetDocumentSchema } from '../../core/widget/widget-document-schema.ts';
import { startHubSidecar, type HubSidecar } from '../helpers/hub-sidecar.ts';
import { makeWorkspace } from '../helpers/hub-workspace.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';
import { declaredHeaders, parseHeadersFile } from '../helpers/headers-file.ts';

const distDir = inject('distDir');
const manifest = JSON.parse(readFileSync(join(distDir, 'build-manifest.json'), 'utf8')) as BuildManifest;
const reviewsDoc = JSON.parse(readFileSync(join(distDir, 'reviews.json'), 'utf8')) as ReviewsDocument;
const PATHS = ['/widget.js', '/widget.json'] as const;

let sidecar: TestSidecar;
beforeAll(async () => {
  sidecar = await startSidecar({ distDir });
});
afterAll(() => sidecar.close());

describe('widget documents', () => {
  it('are in the build manifest with all three encodings, and in _headers with CORS and caching', () => {
    const headers = readFileSync(join(distDir, '_headers'), 'utf8');
    for (const path of PATHS) {
      const entry = manifest.documents.find((d) => d.path === path);
      expect(entry, path).toBeDefined();
      expect(entry!.kind).toBe(path.endsWith('.js') ? 'widget-script' : 'widget');
      const block = headers.split('\n\n').find((b) => b.startsWith(`${path}\n`));
      expect(declaredHeaders(parseHeadersFile(headers), path).get('access-control-allow-origin'), path).toBe('*');
      expect(block).toContain('Cache-Control: public, max-age=300');
      expect(block).not.toContain('rel="hub"');
    }
    expect(headers).toMatch(/\/embed\/\*\n {2}Content-Security-Policy: .*frame-ancestors \*/);
  });

  it('widget.json holds the rating and the newest reviews of reviews.json, and matches its schema', async () => {
    const r = await sidecar.request('/widget.json');
    expect(r.status).toBe(200);
    const doc = WidgetDocumentSchema.parse(r.json());
    expect(doc.aggregateRating).toEqual(reviewsDoc.aggregateRating);
    expect(doc.reviews.map((v) => v.id)).toEqual(reviewsDoc.reviews.slice(0, 10).map((v) => v.id));
    expect(doc.moderation).toEqual(reviewsDoc.moderation);
    expect(r.header('access-control-allow-origin')).toBe('*');
    expect(r.header('cross-origin-resource-policy')).toBe('cross-origin');
    expect(r.header('set-cookie')).toBeUndefined();
  });

  it('/embed/ and /embed/snippet.html state the moderation record under the histogram, as widget.js does', () => {
    const m = reviewsDoc.moderation;
    const line = `Reviews received: ${m.received}; published: ${m.published}; not yet verified: ${m.unverified}; withheld on content-neutral grounds: ${m.withheld.total}.`;
    expect(m.received).toBeGreaterThan(m.published); // the sample holds back some: the line says so
    for (const page of ['embed/index.html', 'embed/snippet.html']) {
      const html = readFileSync(join(distDir, page), 'utf8');
      expect(html, page).toContain(line);
      expect(html.indexOf(line), page).toBeGreaterThan(html.indexOf('1 star:'));
    }
  });

  it('widget.js is a JavaScript module response under 8 KB gzipped', async () => {
    const r = await sidecar.request('/widget.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(r.status).toBe(200);
    expect(r.header('content-type')).toBe('text/javascript; charset=utf-8');
    expect(r.body.length).toBeLessThan(8192);
    expect(gunzipSync(r.body).toString()).toContain("customElements.define('shingle-reviews'");
  });

  for (const path of PATHS) {
    it(`${path}: ETag per encoding, 304 on If-None-Match and If-Modified-Since, no Link header`, async () => {
      const identity = await sidecar.request(path);
      const gzip = await sidecar.request(path, { headers: { 'accept-encoding': 'gzip' } });
      const br = await sidecar.request(path, { headers: { 'accept-encoding': 'br' } });
      expect(new Set([identity.header('etag'), gzip.header('etag'), br.header('etag')]).size).toBe(3);
      expect(gzip.header('content-encoding')).toBe('gzip');
      expect(br.header('content-encoding')).toBe('br');
      expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
      expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
      expect(identity.header('link')).toBeUndefined();
      expect(identity.header('vary')).toBe('Accept-Encoding');
      const notModified = await sidecar.request(path, { headers: { 'if-none-match': identity.header('etag')! } });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(notModified.header('etag')).toBe(identity.header('etag'));
      const changed = await sidecar.request(path, { headers: { 'if-none-match': '"something-else"' } });
      expect(changed.status).toBe(200);
      if (identity.header('last-modified')) {
        const since = await sidecar.request(path, { headers: { 'if-modified-since': identity.header('last-modified')! } });
        expect(since.status).toBe(304);
      }
      const head = await sidecar.request(path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
    });
  }

  it('/embed/ may be framed by any site; other pages may not', async () => {
    const embed = await sidecar.request('/embed/');
    expect(embed.status).toBe(200);
    expect(embed.header('content-security-policy')).toMatch(/frame-ancestors \*/);
    expect(embed.header('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(embed.header('x-frame-options')).toBeUndefined();
    const snippet = await sidecar.request('/embed/snippet.html');
    expect(snippet.status).toBe(200);
    expect(snippet.text()).not.toMatch(/<script/i);
    expect(snippet.text()).toContain(reviewsDoc.reviews[0]!.author);
    const home = await sidecar.request('/');
    expect(home.header('content-security-policy')).toMatch(/frame-ancestors 'self'/);
  });
});

describe('the WebSub hub and the widget documents', () => {
  let hub: HubSidecar;
  let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
  beforeAll(async () => {
    workspace = await makeWorkspace(distDir);
    hub = await startHubSidecar({ distDir: workspace.distDir, dbPath: workspace.dbPath, env: { BASE_URL: inject('baseUrl') } });
  });
  afterAll(async () => {
    await hub?.close();
    workspace?.dispose();
  });

  it('refuses them as topics: subscribe and unsubscribe answer 400 on hub.topic', async () => {
    for (const path of PATHS) {
      for (const mode of ['subscribe', 'unsubscribe']) {
        const res = await hub.post({ 'hub.mode': mode, 'hub.callback': 'https://subscriber.example/cb', 'hub.topic': `${hub.baseUrl}${path}` });
        expect(res.status, `${mode} ${path}`).toBe(400);
        expect((JSON.parse(res.body) as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain('hub.topic');
      }
    }
    // A real topic is accepted by the same request shape (202), so the 400 above is about the topic.
    const ok = await hub.post({ 'hub.mode': 'subscribe', 'hub.callback': 'https://subscriber.example/cb', 'hub.topic': `${hub.baseUrl}/feed.xml` });
    expect([202, 400]).toContain(ok.status);
    if (ok.status === 400) expect((JSON.parse(ok.body) as { issues: { path: string }[] }).issues.map((i) => i.path)).not.toContain('hub.topic');
  });
});
