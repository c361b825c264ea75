import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../core/build/build-manifest-schema.ts';
import { computeEtag } from '../../core/http/compute-etag.ts';
import { addDays } from '../../core/model/calendar.ts';
import type { ReviewsDocument } from '../../core/schemas/reviews-document-schema.ts';
import type { ReviewRecord } from '../../core/schemas/review-schema.ts';
import type { Snapshot } from '../../sidecar/data/snapshot.ts';
import { buildDataFixture, tempDir, writeContent } from '../helpers/build-fixture.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';
import { waitUntil } from '../helpers/wait-for.ts';

const dir = tempDir('hot-reload');
const dist = join(dir, 'dist');
const contentA = join(dir, 'content-a');
const contentB = join(dir, 'content-b');
let manifestA: BuildManifest;
let sidecar: TestSidecar;
const swaps: [Snapshot, Snapshot][] = [];
const warnings: Record<string, unknown>[] = [];

const etagOf = (m: BuildManifest, path: string) => m.documents.find((d) => d.path === path)!.identity.etag;

beforeAll(async () => {
  writeContent(contentA);
  manifestA = await buildDataFixture({ contentDir: contentA, outDir: dist });
  const logger = { info() {}, error() {}, warn: (event: string, fields?: Record<string, unknown>) => void warnings.push({ event, ...fields }) };
  sidecar = await startSidecar({ distDir: dist, watchIntervalMs: 40, logger });
  sidecar.snapshots.onChange((next, prev) => swaps.push([next, prev]));
}, 120_000);
afterAll(async () => {
  await sidecar?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Seen {
  path: string;
  /** When the request was sent (performance.now()). */
  sentAt: number;
  status: number;
  etag: string | undefined;
  bodyEtag: string;
  body: Buffer;
}

/** Clients hammering documents, search and since on keep-alive connections until stopped. */
function startLoad(paths: string[], clients = 4) {
  const seen: Seen[] = [];
  const errors: unknown[] = [];
  let running = true;
  const loops = Array.from({ length: clients }, async (_, c) => {
    const client = new Client(sidecar.url);
    let i = c;
    while (running) {
      const path = paths[i++ % paths.length]!;
      try {
        const sentAt = performance.now();
        const r = await httpRequest(client, path);
        seen.push({ path, sentAt, status: r.status, etag: r.header('etag'), bodyEtag: computeEtag(r.body), body: r.body });
      } catch (e) {
        errors.push(e);
      }
    }
    await client.close();
  });
  return {
    seen,
    errors,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Resolves when every path has been answered to a request sent after `since` (performance.now()). */
function everyPathAnswered(load: { seen: Seen[] }, paths: string[], since: number, what: string): Promise<void> {
  return waitUntil(() => paths.every((p) => load.seen.some((s) => s.path === p && s.sentAt > since)), { what, timeoutMs: 30_000 });
}

describe('hot reload of a new build', () => {
  it('swaps atomically under load: no failed request, no body mixing two builds, ETags change only with content', async () => {
    const reviewsA = JSON.parse(readFileSync(join(dist, 'reviews.json'), 'utf8')) as ReviewsDocument;
    const newest = reviewsA.reviews[0]!.date;
    const oldDate = reviewsA.reviews.at(-1)!.date;
    const paths = [
      '/reviews.json',
      '/api/feed.json',
      '/.well-known/openapi.json',
      '/api/reviews/search?min_rating=1&limit=5',
      `/api/reviews/since/${oldDate}`,
      '/feed.xml',
    ];
    const load = startLoad(paths);
    await everyPathAnswered(load, paths, 0, 'the load to get every path from the first build');

    const extra: ReviewRecord = {
      id: 'r-hot-reload-1',
      date: addDays(newest, 2),
      rating: 5,
      text: 'Hot reload test review: the crew replaced our roof in a day.',
      author: 'Maria G.',
      consent: true,
      source: { platform: 'google' },
      language: 'en',
      verification: { status: 'verified', method: 'job-match', verifiedOn: addDays(newest, 2) },
      photos: [],
    };
    writeContent(contentB, [extra]);
    const manifestB = await buildDataFixture({ contentDir: contentB, outDir: dist });
    await waitUntil(() => sidecar.snapshots.current().manifest.inputsHash === manifestB.inputsHash, {
      what: 'the sidecar to swap in the second build',
      timeoutMs: 30_000,
    });
    // Requests sent before this point may still be answered from the first build; those sent after cannot.
    await everyPathAnswered(load, paths, performance.now(), 'the load to get every path from the second build');
    await load.stop();

    expect(load.errors).toEqual([]);
    expect(load.seen.length).toBeGreaterThan(50);
    expect(load.seen.every((s) => s.status === 200)).toBe(true);
    // Every body is exactly the representation its ETag names: nothing mixes two builds.
    for (const s of load.seen) expect(s.etag, s.path).toBe(s.bodyEtag);

    const etagsOf = (path: string) => new Set(load.seen.filter((s) => s.path === path).map((s) => s.etag));
    expect(etagsOf('/reviews.json')).toEqual(new Set([etagOf(manifestA, '/reviews.json'), etagOf(manifestB, '/reviews.json')]));
    expect(etagOf(manifestA, '/reviews.json')).not.toBe(etagOf(manifestB, '/reviews.json'));
    // Unchanged content, unchanged ETag.
    expect(etagOf(manifestA, '/.well-known/openapi.json')).toBe(etagOf(manifestB, '/.well-known/openapi.json'));
    expect(etagsOf('/.well-known/openapi.json').size).toBe(1);
    // Derived responses follow the data: the search and since bodies of each build, and only those.
    expect(etagsOf('/api/reviews/search?min_rating=1&limit=5').size).toBe(2);
    expect(etagsOf(`/api/reviews/since/${oldDate}`).size).toBe(2);
    const lastSearch = load.seen.filter((s) => s.path.startsWith('/api/reviews/search')).at(-1)!;
    expect((JSON.parse(lastSearch.body.toString()) as { reviews: { id: string }[] }).reviews[0]!.id).toBe('r-hot-reload-1');
    // The ranked-search index is rebuilt with the snapshot: the new review's words are found after the swap.
    const found = await sidecar.request('/api/reviews/find?q=reload&limit=3');
    expect((found.json() as { reviews: { id: string }[] }).reviews[0]!.id).toBe('r-hot-reload-1');
    expect(etagOf(manifestB, '/widget.json')).not.toBe(etagOf(manifestA, '/widget.json'));
    expect((await sidecar.request('/widget.json')).header('etag')).toBe(etagOf(manifestB, '/widget.json'));

    expect(sidecar.snapshots.current().manifest.reviewCount).toBe(manifestA.reviewCount + 1);
    expect(swaps).toHaveLength(1);
    expect(swaps[0]![0].manifest.inputsHash).toBe(manifestB.inputsHash);
    expect(swaps[0]![1].manifest.inputsHash).toBe(manifestA.inputsHash);

    const after = await sidecar.request('/reviews.json', { headers: { 'if-none-match': etagOf(manifestA, '/reviews.json') } });
    expect(after.status).toBe(200);
    const revalidated = await sidecar.request('/.well-known/openapi.json', {
      headers: { 'if-none-match': etagOf(manifestA, '/.well-known/openapi.json') },
    });
    expect(revalidated.status).toBe(304);
  }, 120_000);

  it('a rebuild of the same content swaps nothing and keeps every ETag', async () => {
    const before = await sidecar.request('/reviews.json');
    const count = swaps.length;
    await buildDataFixture({ contentDir: contentB, outDir: dist });
    // check() joins a poll already in flight, which may have started before the build: the second call is
    // a poll that started after it, so every look at the rebuilt dist/ has been taken by then.
    expect(await sidecar.watcher!.check()).toBe(false);
    expect(await sidecar.watcher!.check()).toBe(false);
    expect(swaps.length).toBe(count);
    expect((await sidecar.request('/reviews.json')).header('etag')).toBe(before.header('etag'));
  }, 60_000);

  it('keeps serving the loaded build while dist/ is briefly missing or broken', async () => {
    const aside = `${dist}.aside`;
    renameSync(dist, aside);
    try {
      expect(await sidecar.watcher!.check()).toBe(false);
      const r = await sidecar.request('/reviews.json');
      expect(r.status).toBe(200);
      expect(r.header('etag')).toBe(computeEtag(r.body));
    } finally {
      renameSync(aside, dist);
    }
    expect(await sidecar.watcher!.check()).toBe(false);
    expect((await sidecar.request('/healthz')).status).toBe(200);

    // A dist/ whose files do not match its manifest (edited, or caught mid-swap) is refused.
    const served = (await sidecar.request('/reviews.json')).header('etag');
    const corrupt = `${dist}.corrupt`;
    cpSync(dist, corrupt, { recursive: true, dereference: true });
    writeFileSync(join(corrupt, 'reviews.json'), readFileSync(join(corrupt, 'reviews.json'), 'utf8').replace('"rating":5', '"rating":1'));
    // A manifest that differs from the loaded one, so the watcher does try to load it.
    const manifestText = readFileSync(join(corrupt, 'build-manifest.json'), 'utf8');
    writeFileSync(join(corrupt, 'build-manifest.json'), manifestText.replace(/"inputsHash": "[^"]+"/, '"inputsHash": "corrupt"'));
    renameSync(dist, aside);
    renameSync(corrupt, dist);
    try {
      // check() joins a poll already in flight, which may have read the old manifest before the renames:
      // the second call is a poll that started after them.
      expect(await sidecar.watcher!.check()).toBe(false);
      expect(await sidecar.watcher!.check()).toBe(false);
      expect(sidecar.snapshots.current().manifest.inputsHash).not.toBe('corrupt');
      expect(warnings.at(-1)).toMatchObject({
        event: 'snapshot_load_failed',
        error: expect.stringMatching(/^reviews\.json: does not match the manifest/),
      });
      expect((await sidecar.request('/reviews.json')).header('etag')).toBe(served);
    } finally {
      rmSync(dist, { recursive: true, force: true });
      renameSync(aside, dist);
    }
  });
});
