import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HubStore } from '../../../sidecar/storage/hub-store.ts';
import { openSqliteHubStore } from '../../../sidecar/storage/sqlite-hub-store.ts';

const T = 'http://localhost:4321/feed.xml';
const T2 = 'http://localhost:4321/reviews.json';
let dir: string;
let store: HubStore;
const activate = (n: number, topic = T, now = 1_000, lease = 3_600) =>
  store.subscriptionActivate({ callback: `https://s${n}.example/cb`, topic, host: `s${n}.example`, secret: n % 2 ? 'k' : null, leaseSeconds: lease, now });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hub-store-'));
  store = openSqliteHubStore(join(dir, 'hub.db'));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('SQLite hub store', () => {
  it('uses WAL and synchronous FULL', () => {
    const db = new DatabaseSync(join(dir, 'hub.db'), { readOnly: true });
    expect(db.prepare('PRAGMA journal_mode').get()?.journal_mode).toBe('wal');
    db.close();
  });

  it('activates, renews and removes subscriptions', async () => {
    const a = await activate(1);
    expect(a).toMatchObject({ callback: 'https://s1.example/cb', topic: T, secret: 'k', leaseSeconds: 3_600, expiresAt: 1_000 + 3_600_000, failures: 0 });
    const b = await store.subscriptionActivate({ callback: a.callback, topic: T, host: a.host, secret: null, leaseSeconds: 7_200, now: 5_000 });
    expect(b.id).toBe(a.id);
    expect([b.secret, b.leaseSeconds, b.expiresAt, b.createdAt]).toEqual([null, 7_200, 5_000 + 7_200_000, 1_000]);
    expect(await store.subscriptionCountByHost('s1.example', 2_000)).toBe(1);
    expect(await store.subscriptionCountByTopic(T, 2_000)).toBe(1);
    expect(await store.subscriptionRemove(a.callback, T)).toBe(true);
    expect(await store.subscriptionRemove(a.callback, T)).toBe(false);
  });

  it('publishes only changed content and fans out to unexpired subscriptions', async () => {
    await activate(1);
    await activate(2);
    await activate(3, T2);
    await activate(4, T, 1_000, 1); // expires at 2 000
    expect(await store.topicPublish(T, 'h1', 3_000)).toEqual({ changed: true, queued: 2 });
    expect(await store.topicPublish(T, 'h1', 3_000)).toEqual({ changed: false, queued: 0 });
    expect(await store.topicHashGet(T)).toBe('h1');
    expect(await store.deliveryCount()).toBe(2);
    const claimed = await store.deliveryClaim(3_000, 10, 60_000);
    expect(claimed.map((c) => c.callback).sort()).toEqual(['https://s1.example/cb', 'https://s2.example/cb']);
    expect(await store.deliveryClaim(3_000, 10, 60_000)).toEqual([]); // claimed
    expect(await store.deliveryClaim(63_001, 10, 60_000)).toHaveLength(2); // claim expired
  });

  it('keeps the delivery id across retries and changes it when newer content supersedes', async () => {
    await activate(1);
    await store.topicPublish(T, 'h1', 1_000);
    const [first] = await store.deliveryClaim(1_000, 10, 60_000);
    await store.deliveryComplete([{ id: first!.id, subscriptionId: first!.subscriptionId, outcome: 'failed', retryAt: 5_000 }], 1_000, 3);
    expect(await store.deliveryClaim(4_999, 10, 60_000)).toEqual([]);
    expect(await store.deliveryNextDueAt(1_000)).toBe(5_000);
    const [retry] = await store.deliveryClaim(5_000, 10, 60_000);
    expect(retry).toMatchObject({ id: first!.id, attempts: 1, failures: 1, contentHash: 'h1' });
    // A newer build while the retry is in flight: new id, in-flight result must not clear it.
    await store.topicPublish(T, 'h2', 5_001);
    await store.deliveryComplete([{ id: retry!.id, subscriptionId: retry!.subscriptionId, outcome: 'delivered' }], 5_002, 3);
    const [next] = await store.deliveryClaim(5_002, 10, 60_000);
    expect(next).toMatchObject({ contentHash: 'h2', failures: 0, attempts: 0 });
    expect(next!.id).not.toBe(first!.id);
  });

  it('removes a subscription after the maximum consecutive failures, and at once on 410', async () => {
    const s = await activate(1);
    await activate(2);
    await store.topicPublish(T, 'h1', 1_000);
    for (let i = 0; i < 2; i++) {
      const [d] = (await store.deliveryClaim(10_000 * (i + 1), 10, 1)).filter((c) => c.subscriptionId === s.id);
      expect(await store.deliveryComplete([{ id: d!.id, subscriptionId: s.id, outcome: 'failed', retryAt: 10_000 * (i + 2) }], 0, 3)).toEqual([]);
    }
    const [d] = (await store.deliveryClaim(30_000, 10, 1)).filter((c) => c.subscriptionId === s.id);
    expect(d!.failures).toBe(2);
    expect(await store.deliveryComplete([{ id: d!.id, subscriptionId: s.id, outcome: 'failed', retryAt: 1 }], 0, 3)).toEqual([
      { callback: s.callback, topic: T, reason: 'failures' },
    ]);
    expect(await store.subscriptionGet(s.callback, T)).toBeNull();
    const [g] = await store.deliveryClaim(40_000, 10, 1);
    expect(await store.deliveryComplete([{ id: g!.id, subscriptionId: g!.subscriptionId, outcome: 'gone' }], 0, 3)).toMatchObject([{ reason: 'gone' }]);
    expect(await store.deliveryCount()).toBe(0);
  });

  it('resets the failure count on success', async () => {
    const s = await activate(1);
    for (const [i, outcome] of (['failed', 'failed', 'delivered'] as const).entries()) {
      await store.topicPublish(T, `h${i}`, i);
      const [d] = await store.deliveryClaim(100_000 * (i + 1), 10, 1);
      await store.deliveryComplete([outcome === 'failed' ? { id: d!.id, subscriptionId: s.id, outcome, retryAt: 0 } : { id: d!.id, subscriptionId: s.id, outcome }], 0, 3);
    }
    expect((await store.subscriptionGet(s.callback, T))?.failures).toBe(0);
  });

  it('does not claim deliveries of expired subscriptions, and the sweep deletes them', async () => {
    await activate(1, T, 0, 1);
    await store.topicPublish(T, 'h', 0);
    expect(await store.deliveryClaim(1_000, 10, 1)).toEqual([]);
    expect(await store.deliveryNextDueAt(1_000)).toBeNull();
    expect(await store.subscriptionRemoveExpired(1_000)).toBe(1);
    expect(await store.deliveryCount()).toBe(0);
  });

  it('renewing an expired subscription drops the notification left from before the expiry', async () => {
    await activate(1, T, 0, 1); // expires at 1 000
    await activate(2, T, 0, 3_600);
    await store.topicPublish(T, 'old', 0);
    await store.topicPublish(T, 'new', 2_000); // subscription 1 has expired: it keeps the 'old' row
    await activate(1, T, 3_000, 3_600);
    const claimed = await store.deliveryClaim(3_000, 10, 1);
    expect(claimed.map((c) => [c.callback, c.contentHash])).toEqual([['https://s2.example/cb', 'new']]);
  });

  it('survives reopening: subscriptions, topic hashes and pending deliveries are on disk', async () => {
    await activate(1);
    await store.topicPublish(T, 'h', 0);
    await store.deliveryClaim(0, 10, 60_000);
    await store.close();
    store = openSqliteHubStore(join(dir, 'hub.db'));
    expect(await store.topicHashGet(T)).toBe('h');
    expect(await store.deliveryClaim(1, 10, 60_000)).toEqual([]);
    expect(await store.deliveryReleaseClaims()).toBe(1);
    expect(await store.deliveryClaim(1, 10, 60_000)).toHaveLength(1);
  });
});
