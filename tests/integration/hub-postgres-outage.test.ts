/**
 * Issue 26 items 12 and 13 — the hub on a real PostgreSQL (Debian's postgresql, started here) behind
 * `node sidecar/main.ts`:
 * - the database is stopped in the middle of a fan-out and started again: every subscriber gets the
 *   new content exactly once (deliveries sent while it was down are recorded when it is back, not sent again);
 * - a NUL in hub.secret is refused with 400 (PostgreSQL cannot store it: it was an unlogged 500).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HUB_TEST_ENV } from '../helpers/hub-sidecar.ts';
import type { HubWorkspace } from '../helpers/hub-test-bed.ts';
import { addReview, buildDist } from '../helpers/hub-workspace.ts';
import type { HttpsSubscriber } from '../helpers/https-subscriber.ts';
import { startPostgresHubBed, type PostgresHubBed } from '../helpers/postgres-hub-bed.ts';
import type { PostgresServer } from '../helpers/postgres-server.ts';
import { startSidecarProcess, type SidecarProcess } from '../helpers/sidecar-process.ts';
import { subscribeAndWait } from '../helpers/subscribe-and-wait.ts';
import { sleep, waitUntil } from '../helpers/wait-for.ts';

const N = 150;
/** Claims held when the database goes away run out this long after (HUB_CLAIM_TIMEOUT). */
const CLAIM_TIMEOUT_MS = 2_000;
/** The outage outlasts the claims by this much, so every claim held at its start has run out at its end. */
const OUTAGE_MARGIN_MS = 1_000;

let bed: PostgresHubBed | undefined;
let postgres: PostgresServer;
let db: pg.Pool;
let sub: HttpsSubscriber;
let ws: HubWorkspace;
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

/** What a failed wait quotes: the sidecar's warnings and errors by event, and the queue's rows. */
async function hubState(received: number): Promise<string> {
  const loud = sidecar.events.filter((e) => e.level === 'warn' || e.level === 'error');
  const byEvent = Object.entries(Object.groupBy(loud, (e) => String(e.event))).map(
    ([event, list]) => `${event} ×${list!.length}: ${JSON.stringify(list![0])}`,
  );
  const rows = await db
    .query('SELECT d.attempts, d.next_attempt_at, d.claimed_until, s.failures FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id')
    .then((r) => r.rows.map((row) => JSON.stringify({ ...row, now: Date.now() })))
    .catch((e: unknown) => [`(the queue could not be read: ${String(e)})`]);
  const subscriptions = await db
    .query('SELECT count(*) AS n FROM subscriptions')
    .then((r) => String(r.rows[0].n))
    .catch(() => '?');
  let alive = true;
  try {
    process.kill(sidecar.pid, 0);
  } catch {
    alive = false;
  }
  return [
    `received: ${received} of ${N}; subscriptions: ${subscriptions}; sidecar ${alive ? 'running' : 'gone'}`,
    ...byEvent,
    `queue (${rows.length}):`,
    ...rows.slice(0, 20),
  ].join('\n');
}

const paths = Array.from({ length: N }, (_, i) => `/pg/${i}`);

beforeAll(async () => {
  bed = await startPostgresHubBed(inject('distDir'), 'outage');
  const { databaseUrl, ca } = bed;
  ({ postgres, sub, ws } = bed);
  baseUrl = inject('baseUrl');
  db = bed.undo(new pg.Pool({ connectionString: databaseUrl, max: 1 }), (p) => p.end().catch(() => undefined));
  db.on('error', () => undefined);
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
    HUB_CLAIM_TIMEOUT: `${CLAIM_TIMEOUT_MS}ms`,
    HUB_POLL_INTERVAL: '1s',
    MCP_SESSION_SECRET: 'x'.repeat(40),
  });
  bed.undo(sidecar, (s) => s.killHard());
}, 180_000);

afterAll(() => bed?.close());

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
    // A fixed wait, because the length of the outage is what is tested: the claims held when the database
    // went away must run out before it is back, and a claim's expiry is a time, marked by no event.
    await sleep(CLAIM_TIMEOUT_MS + OUTAGE_MARGIN_MS);
    const sentWhileDown = received() - duringOutage;
    await postgres.start();
    await sub
      .waitFor(() => received() === N, `all ${N} subscribers to get the new content`, 60_000)
      .catch(async (e: Error) => {
        throw new Error(`${e.message}\n${await hubState(received())}`);
      });
    // Nothing left to send (a queued delivery is removed once its answer is recorded): no second copy can come.
    await waitUntil(async () => Number((await db.query('SELECT count(*) AS n FROM deliveries')).rows[0].n) === 0, {
      what: 'the delivery queue to empty',
      timeoutMs: 30_000,
    });
    const twice = paths.filter((p) => sub.notificationsFor(p).filter((n) => n.body.equals(bytes)).length > 1);
    expect(received()).toBe(N);
    expect(twice, `notified twice (${sentWhileDown} deliveries were sent while the database was down)`).toEqual([]);
  }, 180_000);
});
