/**
 * Issue 12 item 1: a build made for another BASE_URL is never served. At start-up the sidecar refuses
 * it; while running, the watcher keeps the old build, logs an error and reports it on /healthz,
 * until a build for the right BASE_URL arrives.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataFixture, tempDir, writeContent } from '../helpers/build-fixture.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';

const dir = tempDir('guard');
const content = writeContent(join(dir, 'content'));
const dist = join(dir, 'dist');
const RIGHT = 'http://127.0.0.1:4800';
const WRONG = 'http://localhost:4321';
let sidecar: TestSidecar;
const errors: Record<string, unknown>[] = [];

beforeAll(async () => {
  await buildDataFixture({ contentDir: content, outDir: dist, baseUrl: RIGHT });
  const logger = { info() {}, warn() {}, error: (event: string, fields?: Record<string, unknown>) => void errors.push({ event, ...fields }) };
  sidecar = await startSidecar({ distDir: dist, baseUrl: RIGHT, watchIntervalMs: 60_000, logger });
}, 120_000);
afterAll(async () => {
  await sidecar?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a build for another BASE_URL', () => {
  it('is refused while running: old build kept, error logged, /healthz degraded', async () => {
    const before = await sidecar.request('/feed.xml');
    await buildDataFixture({ contentDir: content, outDir: dist, baseUrl: WRONG });
    expect(await sidecar.watcher!.check()).toBe(false);
    const after = await sidecar.request('/feed.xml');
    expect(after.header('etag')).toBe(before.header('etag'));
    expect(after.text()).toContain(`${RIGHT}/feed.xml`);
    expect(after.text()).not.toContain(WRONG);
    expect(errors.some((e) => e.event === 'snapshot_refused')).toBe(true);
    const health = (await sidecar.request('/healthz')).json<{ status: string; refusedBuild?: { baseUrl: string; reason: string } }>();
    expect(health.status).toBe('degraded');
    expect(health.refusedBuild?.baseUrl).toBe(WRONG);
    expect(health.refusedBuild?.reason).toContain(RIGHT);
  });

  it('stops being reported once a build for the right BASE_URL is swapped in', async () => {
    await buildDataFixture({ contentDir: content, outDir: dist, baseUrl: RIGHT, sinceWindowDays: 30 });
    expect(await sidecar.watcher!.check()).toBe(true);
    expect((await sidecar.request('/healthz')).json<{ status: string }>().status).toBe('ok');
  });

  it('is refused at start-up', async () => {
    await expect(startSidecar({ distDir: dist, baseUrl: 'https://reviews.example' })).rejects.toThrow(
      /built for BASE_URL http:\/\/127\.0\.0\.1:4800/,
    );
  });
});
