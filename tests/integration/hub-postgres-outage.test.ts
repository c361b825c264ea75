/**
 * Issue 26 items 12 and 13 — the hub on a real PostgreSQL (Debian's postgresql, started here) behind
 * `node sidecar/main.ts`:
 * - the database is stopped in the middle of a fan-out and started again: every subscriber gets the
 *   new content exactly once (deliveries sent while it was down are recorded when it is back, not sent again);
 * - a NUL in hub.secret is refused with 400 (PostgreSQL cannot store it: it was an unlogged 500).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestCa, startHttpsSubscriber, type HttpsSubscriber, type TestCa } from '../helpers/https-subscriber.ts';
import { HUB_TEST_ENV } from '../helpers/hub-sidecar.ts';
import { addReview, buildDist, makeWorkspace } from '../helpers/hub-workspace.ts';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';
import { startSidecarProcess, type SidecarProcess } from '../helpers/sidecar-process.ts';
import { subscribeAndWait } from '../helpers/subscribe-and-wait.ts';

const N = 150;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let postgres: PostgresServer;
let ca: TestCa;
let sub: HttpsSubscriber;
let ws: Awaited<ReturnType<typeof makeWorkspace>>;
let sidecar: SidecarProcess;
let baseUrl: string;

async function post(fields: Record<string, string>): Promise<{ status: number; body: string }> {
  const res = await fetch(`${sidecar.url}/api/websub/hub`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: await res.text() };
}

function atomBytes(): Buffer {
  const manifest = JSON.parse(readFileSync(join(ws.distDir, 'build-manifest.json'), 'utf8')) as {
    documents: { path: string; identity: { file: string } }[];
  };
  return readFileSync(join(ws.distDir, manifest.documents.find((d) => d.path === '/feed.xml')!.identity.file));
}

const paths = Array.from({ length: N }, (_, i) => `/pg/${i}`);

beforeAll(async () => {
  [postgres, ca, ws] = await Promise.all([startPostgres(), Promise.resolve(createTestCa()), makeWorkspace(inject('distDir'))]);
  baseUrl = inject('baseUrl');
  const databaseUrl = await postgres.createDatabase('outage');
  sub = await startHttpsSubscriber({ ca });
  // Slow acknowledgements keep the fan-out going long enough to stop the database in the middle.
  for (const p of paths) sub.script(p, { notify: { status: 204, delayMs: 40 } });
  sidecar = await startSidecarProcess({
    ...HUB_TEST_ENV,
    DATABASE_URL: databaseUrl,
    DATABASE_TIMEOUT_MS: '1000',
    NODE_EXTRA_CA_CERTS: ca.caFile,
    DIST_DIR: ws.distDir,
    BASE_URL: baseUrl,
    HUB_DELIVERY_TIMEOUT: '5s',
    HUB_HOST_CONCURRENCY: '4',
    // Shorter than the outage: claims held when the database went away have run out when it is back.
    HUB_CLAIM_TIMEOUT: '2s',
    HUB_POLL_INTERVAL: '1s',
    MCP_SESSION_SECRET: 'x'.repeat(40),
  });
}, 180_000);

afterAll(async () => {
  await sidecar?.killHard();
  await sub?.close();
  await postgres?.close();
  ws?.dispose();
  ca?.dispose();
});

describe('the hub on PostgreSQL', () => {
  it('refuses a control character in hub.secret with 400 naming the field, never a 500', async () => {
    const topic = `${baseUrl}/feed.xml`;
    for (const secret of ['nul\u0000inside', 'bell\u0007']) {
      const res = await post({ 'hub.mode': 'subscribe', 'hub.callback': sub.url('/nul'), 'hub.topic': topic, 'hub.secret': secret });
      expect(res.status, res.body).toBe(400);
      expect(JSON.parse(res.body).issues).toEqual([expect.objectContaining({ path: 'hub.secret', code: 'invalid_characters' })]);
    }
    expect(sidecar.events.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('database stopped and restarted mid fan-out: every subscriber gets the new content exactly once', async () => {
    const topic = `${baseUrl}/feed.xml`;
    // Held once the sidecar has logged each activation (it logs after the store has the row).
    const activations = () => sidecar.events.filter((e) => e.event === 'hub.subscription_active').length;
    await subscribeAndWait({ post, sub, paths, topic, held: async () => activations() >= N });

    await addReview(ws.contentDir);
    await buildDist(ws.contentDir, ws.distDir);
    const bytes = atomBytes();
    const received = () => paths.filter((p) => sub.notificationsFor(p).some((n) => n.body.equals(bytes))).length;
    await sub.waitFor(() => received() >= 20, '20 deliveries before the outage', 20_000);
    await postgres.stop();
    const duringOutage = received();
    await sleep(3_000); // the outage itself must last longer than HUB_CLAIM_TIMEOUT: the time is what is tested
    const sentWhileDown = received() - duringOutage;
    await postgres.start();
    await sub.waitFor(() => received() === N, `all ${N} subscribers to get the new content`, 60_000);
    await sleep(3_000); // a delivery sent a second time would have arrived by now
    const twice = paths.filter((p) => sub.notificationsFor(p).filter((n) => n.body.equals(bytes)).length > 1);
    expect(received()).toBe(N);
    expect(twice, `notified twice (${sentWhileDown} deliveries were sent while the database was down)`).toEqual([]);
  }, 180_000);
});
