/**
 * The static pages as the sidecar serves them: strong, content-based ETags that survive a rebuild of
 * unchanged content, precompressed variants, Range ignored, the site's 404 page for browsers, and no
 * 404 while a rebuild swaps dist/ (issue 12 items 3 and 9; issue 10's product gaps).
 */
import { cpSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildFullFixture, tempDir, writeContent } from '../helpers/build-fixture.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';
import { sleep } from '../helpers/wait-for.ts';
import { swapIn } from '../../scripts/lib/swap-in.ts';

/** The pause between two requests of the load that runs through a rebuild (see there). */
const REQUEST_PACE_MS = 10;
const dir = tempDir('pages');
const content = writeContent(join(dir, 'content'));
const dist = join(dir, 'dist');
let sidecar: TestSidecar;

beforeAll(async () => {
  // The shared test build is of the same sample content and BASE_URL: start from a copy of it (swapped in
  // as a build would be) and spend a full build only on the rebuild the swap test needs.
  const staging = join(dir, 'staging');
  cpSync(realpathSync(inject('distDir')), staging, { recursive: true });
  await swapIn(staging, dist);
  sidecar = await startSidecar({ distDir: dist, env: { SERVE_STATIC: 'true' }, watchIntervalMs: 50 });
}, 180_000);
afterAll(async () => {
  await sidecar?.close();
  rmSync(dir, { recursive: true, force: true });
});

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('pages', () => {
  it('have strong ETags per encoding, precompressed br and gzip, and answer 304', async () => {
    const plain = await sidecar.request('/');
    const br = await sidecar.request('/', { headers: { 'accept-encoding': 'br' } });
    const gz = await sidecar.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect([plain.status, br.status, gz.status]).toEqual([200, 200, 200]);
    expect(plain.header('content-type')).toBe('text/html; charset=utf-8');
    expect(br.header('content-encoding')).toBe('br');
    expect(gz.header('content-encoding')).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const tags = [plain, br, gz].map((r) => r.header('etag')!);
    expect(tags.every((t) => /^"[^"]+"$/.test(t))).toBe(true);
    expect(new Set(tags).size).toBe(3);
    expect(plain.header('vary')).toBe('Accept-Encoding');
    const again = await sidecar.request('/', { headers: { 'accept-encoding': 'br', 'if-none-match': tags[1]! } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('ignore an invalid Range (RFC 9110 §14.2): 200 with the whole page', async () => {
    const full = await sidecar.request('/reviews/');
    const ranged = await sidecar.request('/reviews/', { headers: { range: 'bytes=10-0' } });
    expect(ranged.status).toBe(200);
    expect(ranged.body.equals(full.body)).toBe(true);
  });

  it('give browsers the site 404 page with status 404; API paths and JSON clients get JSON', async () => {
    const page = await sidecar.request('/no-such-page/', { headers: { accept: BROWSER } });
    expect(page.status).toBe(404);
    expect(page.header('content-type')).toContain('text/html');
    expect(page.text()).toContain('<html');
    const api = await sidecar.request('/api/no-such-thing', { headers: { accept: BROWSER } });
    expect(api.status).toBe(404);
    expect(api.header('content-type')).toContain('application/json');
    const curl = await sidecar.request('/no-such-page/', { headers: { accept: '*/*' } });
    expect(curl.header('content-type')).toContain('application/json');
  });

  it('redirect a folder without its slash, and hide dotfiles and precompressed siblings', async () => {
    const moved = await sidecar.request('/reviews?x=1');
    expect(moved.status).toBe(301);
    expect(moved.header('location')).toBe('/reviews/?x=1');
    expect((await sidecar.request('/index.html.br')).status).toBe(404);
    expect((await sidecar.request('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });

  it('never 404 while a rebuild swaps dist/, and keep their ETags when the content did not change', async () => {
    const etagBefore = (await sidecar.request('/reviews/')).header('etag');
    const statuses = new Map<number, number>();
    let building = true;
    const rebuild = buildFullFixture({ contentDir: content, outDir: dist }).finally(() => (building = false));
    while (building) {
      const res = await sidecar.request('/reviews/');
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      // A request every 10 ms or so (about 400 during the build): unpaced, this loop sent about 4,900 and
      // took a core from the build it waits for. Paced, it still fails when the build the sidecar serves
      // is removed at the swap (KEEP_BUILDS = 1 in scripts/lib/swap-in.ts: 43 and 55 answers of 404).
      await sleep(REQUEST_PACE_MS); // pacing the load, not waiting for an event (see above)
    }
    await rebuild;
    await sidecar.watcher!.check();
    for (let i = 0; i < 20; i++) {
      const res = await sidecar.request('/reviews/');
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    expect([...statuses.keys()]).toEqual([200]);
    expect((await sidecar.request('/reviews/')).header('etag')).toBe(etagBefore);
  }, 180_000);
});
