import type { Router } from 'express';
import type { Snapshot, SnapshotSource } from '../data/snapshot.ts';
import type { Logger } from '../logger.ts';
import type { HubStore } from '../storage/hub-store.ts';
import { createTokenBucketLimiter } from '../http/rate-limit.ts';
import { createHubDelivery } from './deliver/create-hub-delivery.ts';
import { keepPublished } from './deliver/keep-published.ts';
import type { HubConfig } from './hub-config.ts';
import { createHubRouter } from './hub-router.ts';
import { resolveHubSettings } from './hub-settings.ts';
import { scheduleLeaseSweep } from './lease-sweep.ts';
import { createHubOutbound } from './outbound/hub-outbound.ts';
import type { HostResolver } from './outbound/pinned-connector.ts';
import { createSubscriptionIntents } from './verify/subscription-intents.ts';

export interface HubDeps {
  snapshots: SnapshotSource;
  /** The sidecar's validated config; the hub reads its HUB_* keys and BASE_URL. */
  config: HubConfig & { BASE_URL: string };
  logger: Logger;
  /**
   * Wall clock in epoch milliseconds (hub times are stored and must survive a restart) for leases, retry times and publish times; default Date.now. */
  clock?: () => number;
  /** Seams for tests and the benchmark; production uses the defaults. */
  resolve?: HostResolver;
  random?: () => number;
  /** The store, opened by sidecar/storage/open-stores.ts (the one opener) or given by a test; its owner closes it. */
  store: HubStore;
  /**
   * Looks for a new build before a publish ping is handled (e.g. the dist watcher's `check`), so
   * a ping right after a deployment publishes it without waiting for the next poll. Optional.
   */
  refresh?: () => Promise<unknown>;
}

export interface HubStats {
  pendingDeliveries: number;
  pendingVerifications: number;
  outboundActive: number;
  outboundWaiting: number;
}

export interface Hub {
  /** Router mounted at /api/websub/hub. */
  router: Router;
  /** Called after every swap to a new build: publish the topics whose content changed. */
  onSnapshot(next: Snapshot, previous: Snapshot): void;
  /** Change detection on the current snapshot for some or all topic URLs (what a publish ping does). Returns the changed topics. */
  publish(topicUrls?: readonly string[]): Promise<string[]>;
  stats(): Promise<HubStats>;
  close(): Promise<void>;
}

/** How long close() lets deliveries in flight finish before cutting them. */
const STOP_GRACE_MS = 3_000;

/**
 * The WebSub hub (issue 5): verified subscriptions in the store (SQLite, or PostgreSQL shared by
 * replicas — issue 14), change detection per topic after every build, durable verifications and
 * fan-out with retries, and SSRF-safe outbound requests. Wiring only: each step is its own folder
 * (`verify/`, `deliver/`, `outbound/`; docs/websub.md has the map).
 */
export async function createHub(deps: HubDeps): Promise<Hub> {
  const settings = resolveHubSettings(deps.config);
  const { logger, store } = deps;
  const now = deps.clock ?? Date.now;
  // No claims are released here: several processes may share the store. Claims of a process that
  // died expire after HUB_CLAIM_TIMEOUT (live ones are renewed by the heartbeat) and are then taken over.
  const outbound = createHubOutbound(settings, deps.resolve);
  const { publisher, worker } = createHubDelivery({
    store,
    settings,
    snapshots: deps.snapshots,
    outbound,
    now,
    random: deps.random ?? Math.random,
    logger,
  });
  const { client, limiter } = outbound;
  const intents = createSubscriptionIntents({ store, client, limiter, settings, now, logger, deny: outbound.deny });
  // Work queued by any process (NOTIFY on PostgreSQL) starts here at once; polling covers missed wake-ups.
  const unlisten = store.onWake((kind) => (kind === 'deliveries' ? worker.wake() : intents.wake()));
  const rate = createTokenBucketLimiter(settings.subscribeRatePerMinute, now);
  const router = createHubRouter({
    context: { topics: [...settings.topics.keys()], allow: settings.allow, lease: settings.lease },
    rateLimit: (key) => rate.take(key),
    admit: (intent) => intents.admit(intent),
    publish: async (topics) => {
      await deps.refresh?.().catch((e: unknown) => logger.warn('hub.refresh_failed', { error: String(e) }));
      await publisher.publish(deps.snapshots.current(), topics);
    },
    publishToken: settings.publishToken,
  });
  const published = keepPublished(publisher, deps.snapshots, logger);
  await published.catchUp(); // a build that appeared while the hub was not running
  worker.start();
  intents.start();
  const sweep = scheduleLeaseSweep(store, settings.sweepCron, now, logger);

  let closed = false;
  return {
    router,
    onSnapshot: () => published.publishNow(),
    publish: (topicUrls) => publisher.publish(deps.snapshots.current(), topicUrls),
    async stats() {
      return {
        pendingDeliveries: await store.deliveryCount(),
        pendingVerifications: await store.verificationCount(),
        outboundActive: limiter.active,
        outboundWaiting: limiter.waiting,
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      published.stop();
      unlisten();
      await sweep?.destroy();
      await intents.close();
      await outbound.close(STOP_GRACE_MS, () => worker.stop());
    },
  };
}
