/**
 * Issue 5 — durability: `kill -9` of the sidecar (`node sidecar/main.ts`, a child process that
 * trusts the test CA through NODE_EXTRA_CA_CERTS) in the middle of a fan-out to 200 subscribers;
 * after a restart every subscriber receives the newest content, and removed subscriptions get nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestCa, startHttpsSubscriber, type HttpsSubscriber, type TestCa } from '../helpers/https-subscriber.ts';
import { hubQueue } from '../helpers/hub-settled.ts';
import { HUB_TEST_ENV } from '../helpers/hub-sidecar.ts';
import { addReview, buildDist, makeWorkspace, readHubDb } from '../helpers/hub-workspace.ts';
import { startSidecarProcess, type SidecarProcess } from '../helpers/sidecar-process.ts';
import { sqliteHoldsSubscriptions, subscribeAndWait } from '../helpers/subscribe-and-wait.ts';
import { waitUntil } from '../helpers/wait-for.ts';

const N = 200;

let ca: TestCa;
let sub: HttpsSubscriber;
let ws: Awaited<ReturnType<typeof makeWorkspace>>;
let child: SidecarProcess | undefined;
let baseUrl: string;

/** Starts `node sidecar/main.ts` (the shared helper) with this test's settings; resolves with its URL. */
async function startSidecar(): Promise<string> {
  child = await startSidecarProcess({
    ...HUB_TEST_ENV,
    NODE_EXTRA_CA_CERTS: ca.caFile,
    DIST_DIR: ws.distDir,
    HUB_DB_PATH: ws.dbPath,
    BASE_URL: baseUrl,
    HUB_DELIVERY_TIMEOUT: '5s',
    HUB_HOST_CONCURRENCY: '4',
    // Nobody releases claims at start-up: the killed process's claims are taken over once they expire.
    HUB_CLAIM_TIMEOUT: '2s',
    MCP_SESSION_SECRET: 'x'.repeat(40),
  });
  return child.url;
}

async function killHard(): Promise<void> {
  await child!.killHard();
  child = undefined;
}

async function post(url: string, fields: Record<string, string>): Promise<number> {
  const res = await fetch(`${url}/api/websub/hub`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return res.status;
}

function atomBytes(): Buffer {
  const manifest = JSON.parse(readFileSync(join(ws.distDir, 'build-manifest.json'), 'utf8')) as {
    documents: { path: string; identity: { file: string } }[];
  };
  return readFileSync(join(ws.distDir, manifest.documents.find((d) => d.path === '/feed.xml')!.identity.file));
}

const paths = Array.from({ length: N }, (_, i) => `/d/${i}`);
const receivedWith = (bytes: Buffer) => paths.filter((p) => sub.notificationsFor(p).some((n) => n.body.equals(bytes)));

beforeAll(async () => {
  ca = createTestCa();
  sub = await startHttpsSubscriber({ ca });
  // Slow acknowledgements keep the fan-out going long enough to kill it in the middle.
  for (const p of paths) sub.script(p, { notify: { status: 204, delayMs: 40 } });
  ws = await makeWorkspace(inject('distDir'));
  baseUrl = inject('baseUrl');
});

afterAll(async () => {
  if (child) await killHard();
  await sub?.close();
  ws?.dispose();
  ca?.dispose();
});

describe('kill -9 during a fan-out to 200 subscribers', () => {
  it('loses nothing: after a restart all 200 get the newest content, removed subscriptions get nothing', async () => {
    let url = await startSidecar();
    // The embedded default: no DATABASE_URL, SQLite, and /healthz says so.
    expect(await (await fetch(`${url}/healthz`)).json()).toMatchObject({ status: 'ok', store: { kind: 'sqlite', reachable: true } });
    const topic = `${baseUrl}/feed.xml`;
    const removed = Array.from({ length: 5 }, (_, i) => `/removed/${i}`);
    const hubPost = async (fields: Record<string, string>) => ({ status: await post(url, fields) });
    await subscribeAndWait({ post: hubPost, sub, paths: [...paths, ...removed], topic, held: sqliteHoldsSubscriptions(ws.dbPath) });
    for (const r of removed) expect(await post(url, { 'hub.mode': 'unsubscribe', 'hub.callback': sub.url(r), 'hub.topic': topic })).toBe(202);
    const count = async () => (await readHubDb<{ n: number }>(ws.dbPath, 'SELECT COUNT(*) AS n FROM subscriptions'))[0]!.n;
    await waitUntil(async () => (await count()) === N, { what: `${N} subscriptions once the 5 unsubscribes are verified` });

    // Phase 1: a new build, kill -9 mid fan-out, restart with the same build.
    await addReview(ws.contentDir);
    await buildDist(ws.contentDir, ws.distDir);
    const first = atomBytes();
    await sub.waitFor(() => receivedWith(first).length >= 20, '20 deliveries of build 1', 15_000);
    await killHard();
    const beforeRestart = receivedWith(first).length;
    expect(beforeRestart).toBeLessThan(N);
    url = await startSidecar();
    await sub.waitFor(() => receivedWith(first).length === N, `all ${N} subscribers to get build 1 (had ${beforeRestart} before the kill)`, 30_000);
    for (const p of paths) {
      const ids = new Set(
        sub
          .notificationsFor(p)
          .filter((n) => n.body.equals(first))
          .map((n) => n.headers['x-hub-delivery']),
      );
      expect(ids.size, `one delivery id per notification for ${p}`).toBe(1);
    }

    // Phase 2: kill -9 mid fan-out again, and a newer build lands while the sidecar is down.
    await addReview(ws.contentDir);
    await buildDist(ws.contentDir, ws.distDir);
    const second = atomBytes();
    await sub.waitFor(() => receivedWith(second).length >= 20, '20 deliveries of build 2', 15_000);
    await killHard();
    await addReview(ws.contentDir);
    await buildDist(ws.contentDir, ws.distDir);
    const third = atomBytes();
    const countBefore = new Map(paths.map((p) => [p, sub.notificationsFor(p).length]));
    url = await startSidecar();
    await sub.waitFor(() => receivedWith(third).length === N, `all ${N} subscribers to get the newest build`, 30_000);
    // Nothing left to send (a queued delivery is removed only once answered): build 2 cannot still come.
    await waitUntil(async () => (await hubQueue(ws.dbPath)).deliveries === 0, { what: 'the hub to empty its delivery queue' });
    // After the restart nobody is sent the superseded build 2.
    for (const p of paths)
      expect(
        sub
          .notificationsFor(p)
          .slice(countBefore.get(p))
          .every((n) => n.body.equals(third)),
      ).toBe(true);
    for (let i = 0; i < 5; i++) expect(sub.notificationsFor(`/removed/${i}`)).toEqual([]);
    expect(await readHubDb(ws.dbPath, 'SELECT 1 FROM deliveries')).toEqual([]);
  }, 180_000);
});
