import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HubStore, WakeKind } from '../../sidecar/storage/hub-store.ts';
import { waitUntil } from './wait-for.ts';

/** A fresh, empty database for one test, on which any number of store instances can be opened. */
export interface StoreDatabase {
  /** A new store instance (as another process, or this one after a restart, would open it). */
  open(): Promise<HubStore>;
  dispose(): Promise<void>;
}

const T = 'http://localhost:4321/feed.xml';
const T2 = 'http://localhost:4321/reviews.json';

/** How long a wake-up may take to arrive (PostgreSQL's NOTIFY goes through the server). */
const WAKE_TIMEOUT_MS = 5_000;

/**
 * The behaviour every HubStore must have, run against SQLite (tests/unit) and a real PostgreSQL
 * server (tests/integration). Times are the `now` arguments, so no test sleeps for a claim to expire.
 */
export function hubStoreContract(name: string, freshDatabase: () => Promise<StoreDatabase>): void {
  describe(`${name} hub store contract`, () => {
    let database: StoreDatabase;
    let store: HubStore;
    const others: HubStore[] = [];
    const another = async () => {
      const s = await database.open();
      others.push(s);
      return s;
    };
    const activate = (n: number, topic = T, now = 1_000, lease = 3_600, on = store) =>
      on.subscriptionActivate({
        callback: `https://s${n}.example/cb`,
        topic,
        host: `s${n}.example`,
        secret: n % 2 ? 'k' : null,
        leaseSeconds: lease,
        now,
      });

    beforeEach(async () => {
      database = await freshDatabase();
      store = await database.open();
    });
    afterEach(async () => {
      for (const s of others.splice(0)) await s.close();
      await store.close();
      await database.dispose();
    });

    it('answers ping and names its kind', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
      expect(['sqlite', 'postgres']).toContain(store.kind);
    });

    it('activates, renews and removes subscriptions', async () => {
      const a = await activate(1);
      expect(a).toMatchObject({
        callback: 'https://s1.example/cb',
        topic: T,
        secret: 'k',
        leaseSeconds: 3_600,
        expiresAt: 1_000 + 3_600_000,
        failures: 0,
      });
      expect(await store.subscriptionGet(a.callback, T)).toEqual(a);
      const b = await store.subscriptionActivate({ callback: a.callback, topic: T, host: a.host, secret: null, leaseSeconds: 7_200, now: 5_000 });
      expect(b.id).toBe(a.id);
      expect([b.secret, b.leaseSeconds, b.expiresAt, b.createdAt, b.verifiedAt]).toEqual([null, 7_200, 5_000 + 7_200_000, 1_000, 5_000]);
      expect(await store.subscriptionCountByHost('s1.example', 2_000)).toBe(1);
      expect(await store.subscriptionCountByHost('s1.example', 5_000 + 7_200_000)).toBe(0);
      expect(await store.subscriptionCountByTopic(T, 2_000)).toBe(1);
      expect(await store.subscriptionCountByTopic(T2, 2_000)).toBe(0);
      expect(await store.subscriptionRemove(a.callback, T)).toBe(true);
      expect(await store.subscriptionRemove(a.callback, T)).toBe(false);
      expect(await store.subscriptionGet(a.callback, T)).toBeNull();
    });

    it('publishes only changed content and fans out to unexpired subscriptions', async () => {
      await activate(1);
      await activate(2);
      await activate(3, T2);
      await activate(4, T, 1_000, 1); // expires at 2 000
      expect(await store.topicHashGet(T)).toBeNull();
      expect(await store.topicPublish(T, 'h1', 3_000)).toEqual({ changed: true, queued: 2 });
      expect(await store.topicPublish(T, 'h1', 3_000)).toEqual({ changed: false, queued: 0 });
      expect(await store.topicHashGet(T)).toBe('h1');
      expect(await store.deliveryCount()).toBe(2);
      const claimed = await store.deliveryClaim(3_000, 10, 60_000);
      expect(claimed.map((c) => c.callback).sort()).toEqual(['https://s1.example/cb', 'https://s2.example/cb']);
      expect(claimed.find((c) => c.callback === 'https://s1.example/cb')).toMatchObject({
        topic: T,
        host: 's1.example',
        secret: 'k',
        contentHash: 'h1',
        attempts: 0,
        failures: 0,
      });
      expect(await store.deliveryClaim(3_000, 10, 60_000)).toEqual([]); // claimed
      expect(await store.deliveryNextDueAt(3_000)).toBe(63_000); // the claim delays it
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
      await store.deliveryComplete([{ id: next!.id, subscriptionId: next!.subscriptionId, outcome: 'delivered' }], 5_003, 3);
      expect(await store.deliveryCount()).toBe(0);
      expect(await store.deliveryNextDueAt(5_003)).toBeNull();
    });

    it('released notifications are due again at once, or not before retryAt', async () => {
      await activate(1);
      await activate(2);
      await store.topicPublish(T, 'h', 0);
      const [a, b] = await store.deliveryClaim(0, 10, 60_000);
      await store.deliveryComplete(
        [
          { id: a!.id, subscriptionId: a!.subscriptionId, outcome: 'released' },
          { id: b!.id, subscriptionId: b!.subscriptionId, outcome: 'released', retryAt: 9_000 },
        ],
        1,
        3,
      );
      expect((await store.deliveryClaim(1, 10, 60_000)).map((d) => d.id)).toEqual([a!.id]);
      expect((await store.deliveryClaim(9_000, 10, 60_000)).map((d) => d.id)).toEqual([b!.id]);
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
      expect(await store.deliveryComplete([{ id: g!.id, subscriptionId: g!.subscriptionId, outcome: 'gone' }], 0, 3)).toMatchObject([
        { reason: 'gone' },
      ]);
      expect(await store.deliveryCount()).toBe(0);
    });

    it('resets the failure count on success', async () => {
      const s = await activate(1);
      for (const [i, outcome] of (['failed', 'failed', 'delivered'] as const).entries()) {
        await store.topicPublish(T, `h${i}`, i);
        const [d] = await store.deliveryClaim(100_000 * (i + 1), 10, 1);
        await store.deliveryComplete(
          [outcome === 'failed' ? { id: d!.id, subscriptionId: s.id, outcome, retryAt: 0 } : { id: d!.id, subscriptionId: s.id, outcome }],
          0,
          3,
        );
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

    it('a new instance (restart, other replica) sees everything and takes over claims only once they expire', async () => {
      await activate(1);
      await store.topicPublish(T, 'h', 0);
      const [held] = await store.deliveryClaim(0, 10, 60_000);
      const b = await another();
      expect(await b.topicHashGet(T)).toBe('h');
      expect(await b.deliveryClaim(59_999, 10, 60_000)).toEqual([]);
      const [taken] = await b.deliveryClaim(60_000, 10, 60_000);
      expect(taken!.id).toBe(held!.id); // same delivery id: a repeat is recognisable
      // The first owner's late result: a release must not free b's claim; a failure is not b's to record.
      await store.deliveryComplete([{ id: held!.id, subscriptionId: held!.subscriptionId, outcome: 'released' }], 60_001, 3);
      await store.deliveryComplete([{ id: held!.id, subscriptionId: held!.subscriptionId, outcome: 'failed', retryAt: 0 }], 60_001, 3);
      expect(await store.deliveryClaim(60_002, 10, 60_000)).toEqual([]);
      expect(await b.deliveryClaim(60_002, 10, 60_000)).toEqual([]);
      // Delivered counts from anyone: the notification is done.
      await store.deliveryComplete([{ id: held!.id, subscriptionId: held!.subscriptionId, outcome: 'delivered' }], 60_003, 3);
      expect(await b.deliveryCount()).toBe(0);
    });

    it('a live owner extends its claims (heartbeat); another instance cannot extend them', async () => {
      await activate(1);
      await store.topicPublish(T, 'h', 0);
      const [held] = await store.deliveryClaim(0, 10, 1_000);
      const b = await another();
      await b.deliveryExtendClaims([held!.subscriptionId], 1_000_000); // not b's claim: no effect
      await store.deliveryExtendClaims([held!.subscriptionId], 5_000);
      expect(await b.deliveryClaim(4_999, 10, 1_000)).toEqual([]);
      expect(await b.deliveryClaim(5_000, 10, 1_000)).toHaveLength(1);
    });

    it('two instances claiming at once never get the same notification', async () => {
      const n = 120;
      for (let i = 0; i < n; i++) await activate(100 + i);
      await store.topicPublish(T, 'h', 0);
      const b = await another();
      const seen: string[] = [];
      const drain = async (s: HubStore) => {
        for (;;) {
          const got = await s.deliveryClaim(1, 7, 60_000);
          if (got.length === 0) return;
          seen.push(...got.map((d) => d.subscriptionId));
        }
      };
      await Promise.all([drain(store), drain(b), drain(store), drain(b)]);
      expect(seen).toHaveLength(n);
      expect(new Set(seen).size).toBe(n);
    });

    it('one fan-out per content change when several instances publish the same build', async () => {
      for (let i = 0; i < 20; i++) await activate(i);
      const instances = [store, await another(), await another()];
      const results = await Promise.all(instances.map((s) => s.topicPublish(T, 'same', 10)));
      expect(results.filter((r) => r.changed)).toEqual([{ changed: true, queued: 20 }]);
      expect(await store.deliveryCount()).toBe(20);
      expect(new Set((await store.deliveryClaim(10, 100, 1_000)).map((d) => d.id)).size).toBe(20);
    });

    it('wakes listeners when notifications and verifications are queued (other instances too, on a shared server)', async () => {
      const b = await another();
      const local: WakeKind[] = [];
      const remote: WakeKind[] = [];
      store.onWake((k) => local.push(k));
      const off = b.onWake((k) => remote.push(k));
      await activate(1);
      await store.topicPublish(T, 'h', 0);
      await store.verificationAdd(
        { mode: 'subscribe', callback: 'https://v.example/cb', topic: T, host: 'v.example', secret: null, leaseSeconds: 60 },
        0,
      );
      await waitUntil(() => local.includes('deliveries') && local.includes('verifications'), { what: 'local wake-ups', timeoutMs: WAKE_TIMEOUT_MS });
      if (store.kind === 'postgres')
        await waitUntil(() => remote.includes('deliveries') && remote.includes('verifications'), {
          what: 'wake-ups of another instance',
          timeoutMs: WAKE_TIMEOUT_MS,
        });
      off();
    });

    it('stores pending verifications durably: claim, replace, complete, release, expiry', async () => {
      const v = { mode: 'subscribe' as const, callback: 'https://v.example/cb', topic: T, host: 'v.example', secret: 's', leaseSeconds: 600 };
      const first = await store.verificationAdd(v, 100);
      expect(first).toMatchObject({ ...v, createdAt: 100 });
      await store.verificationAdd({ ...v, callback: 'https://v.example/other', mode: 'unsubscribe', secret: null, leaseSeconds: 0 }, 101);
      await store.verificationAdd({ ...v, host: 'w.example', callback: 'https://w.example/cb' }, 102);
      expect(await store.verificationCount()).toBe(3);
      expect(await store.verificationCount('v.example')).toBe(2);
      const claimed = await store.verificationClaim(200, 2, 1_000);
      expect(claimed.map((c) => c.callback)).toEqual(['https://v.example/cb', 'https://v.example/other']);
      const b = await another();
      expect((await b.verificationClaim(200, 10, 1_000)).map((c) => c.callback)).toEqual(['https://w.example/cb']);
      // A newer request for a claimed one replaces it but waits until the running one is done.
      const newer = await b.verificationAdd({ ...v, leaseSeconds: 900 }, 300);
      expect(newer.id).not.toBe(first.id);
      expect(await b.verificationClaim(300, 10, 1_000)).toEqual([]);
      await store.verificationComplete(claimed[0]!); // the old one: the newer stays and is released
      const [again] = await b.verificationClaim(301, 10, 1_000);
      expect(again).toMatchObject({ id: newer.id, leaseSeconds: 900 });
      await b.verificationComplete(again!);
      await store.verificationRelease(claimed[1]!);
      expect((await b.verificationClaim(302, 10, 1_000)).map((c) => c.mode)).toEqual(['unsubscribe']);
      // b "dies" holding two claims (until 1 200 and 1 302): each is taken over once it expires.
      expect((await store.verificationClaim(1_199, 10, 1_000)).map((c) => c.callback)).toEqual([]);
      expect((await store.verificationClaim(1_301, 10, 1_000)).map((c) => c.callback)).toEqual(['https://w.example/cb']);
      expect((await store.verificationClaim(1_302, 10, 1_000)).map((c) => c.callback)).toEqual(['https://v.example/other']);
      expect(await store.verificationCount()).toBe(2);
    });
  });
}
