/**
 * Issue 5 — content distribution after a rebuild, signatures, retries, removal and leases, against
 * the real sidecar (its dist/ watcher picks up each `node scripts/build.ts`) and real HTTPS subscribers.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyPayloadSignature } from '../../core/hub/payload-signature.ts';
import type { HttpsSubscriber, Notification, TestCa } from '../helpers/https-subscriber.ts';
import { startHubTestBed, type HubTestBed, type HubWorkspace } from '../helpers/hub-test-bed.ts';
import { startHubSidecar, type HubSidecar } from '../helpers/hub-sidecar.ts';
import { hubSettled } from '../helpers/hub-settled.ts';
import { addReview, buildDist, makeWorkspace, readHubDb } from '../helpers/hub-workspace.ts';
import { onHubSidecar, subscribeAndWait } from '../helpers/subscribe-and-wait.ts';
import { waitUntil } from '../helpers/wait-for.ts';

const TOPIC_PATHS = ['/feed.xml', '/api/feed.json', '/reviews.json'] as const;
/** The superseded retry is due in an hour (HUB_RETRY_DELAYS=1h); this much of it must still lie ahead after the second build. */
const RETRY_HELD_BACK_MS = 30 * 60_000;

let ca: TestCa;
let sub: HttpsSubscriber;
let sidecar: HubSidecar;
let ws: HubWorkspace;
let clockOffset = 0;

const topicUrl = (path: string) => `${sidecar.baseUrl}${path}`;

/** The exact identity bytes and content type dist/ holds for a topic path right now. */
function served(path: string): { bytes: Buffer; contentType: string; hash: string } {
  const manifest = JSON.parse(readFileSync(join(ws.distDir, 'build-manifest.json'), 'utf8')) as {
    documents: { path: string; contentType: string; identity: { file: string } }[];
  };
  const doc = manifest.documents.find((d) => d.path === path)!;
  const bytes = readFileSync(join(ws.distDir, doc.identity.file));
  return { bytes, contentType: doc.contentType, hash: createHash('sha256').update(bytes).digest('hex') };
}

async function subscribe(path: string, topicPath: string, extra: Record<string, string> = {}) {
  await subscribeAndWait({ ...onHubSidecar(sidecar), sub, paths: path, topic: topicUrl(topicPath), extra });
}

/** Rebuilds dist/ with new content; resolves when the sidecar has swapped it in. */
async function rebuild(change: () => Promise<unknown>): Promise<number> {
  await change();
  await buildDist(ws.contentDir, ws.distDir);
  const builtAt = Date.now();
  await sidecar.checkDist();
  return builtAt;
}

const subscriptionRow = (path: string, topicPath: string) =>
  readHubDb<{ failures: number }>(
    sidecar.dbPath,
    'SELECT failures FROM subscriptions WHERE callback = ? AND topic = ?',
    sub.url(path),
    topicUrl(topicPath),
  );

let bed: HubTestBed | undefined;
beforeAll(async () => {
  bed = await startHubTestBed(inject('distDir'), {
    env: { HUB_SWEEP_CRON: '* * * * * *', HUB_LEASE_MIN: '2s' },
    clock: () => Date.now() + clockOffset,
  });
  ({ ca, sub, ws, sidecar } = bed);
});

afterAll(() => bed?.close());

describe('a rebuild with one new review', () => {
  const plan = [
    { path: '/atom-plain', topic: '/feed.xml' },
    { path: '/atom-signed', topic: '/feed.xml', secret: 'atom-secret-ü' },
    { path: '/json-plain', topic: '/api/feed.json' },
    { path: '/json-signed', topic: '/api/feed.json', secret: 'json-secret' },
    { path: '/reviews-plain', topic: '/reviews.json' },
    { path: '/reviews-signed', topic: '/reviews.json', secret: 'r'.repeat(199) },
  ];
  let builtAt = 0;
  let before: Record<string, string> = {};

  beforeAll(async () => {
    for (const p of plan) await subscribe(p.path, p.topic, p.secret ? { 'hub.secret': p.secret } : {});
    before = Object.fromEntries(TOPIC_PATHS.map((t) => [t, served(t).hash]));
    builtAt = await rebuild(() => addReview(ws.contentDir));
    await sub.waitFor(() => plan.every((p) => sub.notificationsFor(p.path).length >= 1), 'a notification for every subscriber', 5_000);
  });

  it('changes all three topics', () => {
    for (const t of TOPIC_PATHS) expect(served(t).hash).not.toBe(before[t]);
  });

  it('reaches every subscriber of every changed topic within 5 s', () => {
    const last = Math.max(...plan.map((p) => sub.notificationsFor(p.path)[0]!.at));
    expect(last - builtAt).toBeLessThan(5_000);
  });

  it.each(plan)('$path gets the exact bytes, Content-Type and Link header of $topic', ({ path, topic, secret }) => {
    const [n] = sub.notificationsFor(path) as [Notification];
    const doc = served(topic);
    expect(n.body.equals(doc.bytes)).toBe(true);
    expect(n.headers['content-type']).toBe(doc.contentType);
    expect(n.headers.link).toBe(`<${sidecar.baseUrl}/api/websub/hub>; rel="hub", <${topicUrl(topic)}>; rel="self"`);
    expect(n.headers['x-hub-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    if (secret) expect(verifyPayloadSignature(secret, n.body, n.headers['x-hub-signature'] as string)).toBe(true);
    else expect(n.headers['x-hub-signature']).toBeUndefined();
  });

  it('signs the exact body: one changed byte breaks the signature', () => {
    const [n] = sub.notificationsFor('/atom-signed') as [Notification];
    const tampered = Buffer.from(n.body);
    tampered[10] = tampered[10]! ^ 1;
    expect(verifyPayloadSignature('atom-secret-ü', tampered, n.headers['x-hub-signature'] as string)).toBe(false);
  });

  it('does not re-send when nothing changed (publish ping, unchanged build)', async () => {
    const count = sub.notifications.length;
    expect((await sidecar.post({ 'hub.mode': 'publish', 'hub.url': topicUrl('/feed.xml') })).status).toBe(202);
    await sidecar.checkDist();
    await hubSettled(sidecar); // the ping and the build were looked at, and nothing is queued to send
    expect(sub.notifications.length).toBe(count);
  });

  it('notifies only the topics whose content changed', async () => {
    const hashes = Object.fromEntries(TOPIC_PATHS.map((t) => [t, served(t).hash]));
    const counts = Object.fromEntries(plan.map((p) => [p.path, sub.notificationsFor(p.path).length]));
    // An old review changes the full dataset but not the feeds of the 50 newest.
    await rebuild(() => addReview(ws.contentDir, { date: '2020-01-02' }));
    const changed = TOPIC_PATHS.filter((t) => served(t).hash !== hashes[t]);
    expect(changed).toContain('/reviews.json');
    await sub.waitFor(
      () => plan.filter((p) => changed.includes(p.topic as never)).every((p) => sub.notificationsFor(p.path).length > counts[p.path]!),
      'changed topics',
      5_000,
    );
    await hubSettled(sidecar); // nothing left to send: no second notification can still come
    for (const p of plan) expect(sub.notificationsFor(p.path).length - counts[p.path]!).toBe(changed.includes(p.topic as never) ? 1 : 0);
    expect(changed.length).toBeLessThan(3);
  });
});

describe('failures, retries and removal', () => {
  it('2 failures then a success keep the subscription, with one delivery id across the retries', async () => {
    sub.script('/flaky', { notify: (_n, i) => ({ status: i < 2 ? 503 : 200 }) });
    await subscribe('/flaky', '/feed.xml');
    await rebuild(() => addReview(ws.contentDir));
    await sub.waitFor(() => sub.notificationsFor('/flaky').length === 3, 'three attempts');
    await waitUntil(async () => (await subscriptionRow('/flaky', '/feed.xml'))[0]?.failures === 0, { what: 'the success to be recorded' });
    const ids = sub.notificationsFor('/flaky').map((n) => n.headers['x-hub-delivery']);
    expect(new Set(ids).size).toBe(1);
    expect(await subscriptionRow('/flaky', '/feed.xml')).toEqual([{ failures: 0 }]);
    expect(sub.notificationsFor('/flaky').every((n) => n.body.equals(served('/feed.xml').bytes))).toBe(true);
  });

  it.each([
    ['a 5xx', { status: 500 }],
    ['a 3xx', { status: 301, headers: { location: '/elsewhere' } }],
    ['a 4xx', { status: 400 }],
  ] as const)('3 consecutive failures (%s) remove the subscription and send hub.mode=denied', async (name, reply) => {
    const path = `/broken-${name.replace(/\W+/g, '')}`;
    sub.script(path, { notify: reply });
    await subscribe(path, '/api/feed.json');
    await rebuild(() => addReview(ws.contentDir));
    await sub.waitFor(() => sub.verificationsFor(path).some((v) => v.query.get('hub.mode') === 'denied'), 'denial GET');
    expect(sub.notificationsFor(path)).toHaveLength(3);
    expect(await subscriptionRow(path, '/api/feed.json')).toEqual([]);
    const denied = sub.verificationsFor(path).find((v) => v.query.get('hub.mode') === 'denied')!;
    expect(denied.query.get('hub.topic')).toBe(topicUrl('/api/feed.json'));
    expect(denied.query.get('hub.reason')).toMatch(/3 consecutive/);
  });

  it('a timeout counts as a failure', async () => {
    sub.script('/slow', { notify: 'hang' });
    await subscribe('/slow', '/reviews.json');
    await rebuild(() => addReview(ws.contentDir));
    await sub.waitFor(() => sub.notificationsFor('/slow').length >= 2, 'two attempts', 8_000);
    const rows = await subscriptionRow('/slow', '/reviews.json');
    expect(rows.length === 0 || rows[0]!.failures >= 1).toBe(true);
  });

  it('410 Gone removes the subscription at once', async () => {
    sub.script('/gone', { notify: { status: 410 } });
    await subscribe('/gone', '/feed.xml');
    await rebuild(() => addReview(ws.contentDir));
    await sub.waitFor(() => sub.notificationsFor('/gone').length === 1, 'one attempt');
    await waitUntil(async () => (await subscriptionRow('/gone', '/feed.xml')).length === 0, { what: 'the subscription to be removed' });
    expect(sub.notificationsFor('/gone')).toHaveLength(1);
    expect(await subscriptionRow('/gone', '/feed.xml')).toEqual([]);
  });
});

describe('leases', () => {
  it('an expired lease gets no delivery, and the sweep removes it', async () => {
    await subscribe('/expiring', '/feed.xml', { 'hub.lease_seconds': '2' });
    await subscribe('/lasting', '/feed.xml');
    clockOffset += 5_000; // the hub's wall clock moves past the 2 s lease
    await rebuild(() => addReview(ws.contentDir));
    await sub.waitFor(() => sub.notificationsFor('/lasting').length === 1, 'the unexpired subscriber');
    await hubSettled(sidecar); // nothing left to send: a delivery to the expired lease would have come by now
    expect(sub.notificationsFor('/expiring')).toHaveLength(0);
    await waitUntil(async () => (await subscriptionRow('/expiring', '/feed.xml')).length === 0, {
      what: 'the sweep to remove the expired lease',
      timeoutMs: 3_000,
    });
  });
});

describe('a newer build supersedes a pending retry', () => {
  it('the retry carries the newest content under a new delivery id, and the old content is never re-sent', async () => {
    const own = await makeWorkspace(inject('distDir'));
    // The retry is an hour away on the hub's clock, so it cannot go out before the second build is in,
    // however slow the machine; then the test moves the hub's clock past it (the worker looks again
    // every 200 ms) instead of waiting.
    let skewMs = 0;
    const hub = await startHubSidecar({
      distDir: own.distDir,
      dbPath: own.dbPath,
      clock: () => Date.now() + skewMs,
      env: { HUB_CA_FILE: ca.caFile, HUB_RETRY_DELAYS: '1h', HUB_RETRY_JITTER: '0', HUB_POLL_INTERVAL: '200ms' },
    });
    try {
      sub.script('/supersede', { notify: (_n, i) => ({ status: i === 0 ? 500 : 204 }) });
      await subscribeAndWait({ ...onHubSidecar(hub), sub, paths: '/supersede', topic: `${hub.baseUrl}/feed.xml` });
      await addReview(own.contentDir);
      await buildDist(own.contentDir, own.distDir);
      await hub.checkDist();
      await sub.waitFor(() => sub.notificationsFor('/supersede').length === 1, 'first (failing) attempt');
      const first = sub.notificationsFor('/supersede')[0]!;
      await addReview(own.contentDir);
      await buildDist(own.contentDir, own.distDir);
      await hub.checkDist();
      // The second build is published (publishes run in turn), and the hub's queue still holds the
      // retry, unclaimed, an hour ahead: a delivery can only be claimed once it is due.
      await hub.hub!.publish([]);
      const [pending] = await readHubDb<{ next_attempt_at: number; claimed_until: number | null; content_hash: string }>(
        hub.dbPath,
        'SELECT next_attempt_at, claimed_until, content_hash FROM deliveries',
      );
      expect(pending?.next_attempt_at, 'the retry stays an hour ahead').toBeGreaterThan(Date.now() + RETRY_HELD_BACK_MS);
      expect(pending?.claimed_until).toBeNull();
      expect(sub.notificationsFor('/supersede'), 'no retry before it is due').toHaveLength(1);
      skewMs = 3_600_000;
      await sub.waitFor(() => sub.notificationsFor('/supersede').length === 2, 'the retry', 30_000);
      await hubSettled(hub); // nothing left to send: the old content cannot come a third time
      const [, retry] = sub.notificationsFor('/supersede') as [Notification, Notification];
      const manifest = JSON.parse(readFileSync(join(own.distDir, 'build-manifest.json'), 'utf8')) as {
        documents: { path: string; identity: { file: string } }[];
      };
      const newest = readFileSync(join(own.distDir, manifest.documents.find((d) => d.path === '/feed.xml')!.identity.file));
      expect(retry.body.equals(newest)).toBe(true);
      expect(first.body.equals(newest)).toBe(false);
      expect(retry.headers['x-hub-delivery']).not.toBe(first.headers['x-hub-delivery']);
      expect(sub.notificationsFor('/supersede')).toHaveLength(2);
    } finally {
      await hub.close();
      own.dispose();
    }
  }, 120_000);
});
