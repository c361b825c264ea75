import type { Router } from 'express';
import cron, { type ScheduledTask } from 'node-cron';
import { MAX_CONSECUTIVE_FAILURES } from '../../core/hub/delivery-outcome.ts';
import { HUB_PATH } from '../../core/model/published-paths.ts';
import type { Snapshot, SnapshotSource } from '../data/snapshot.ts';
import type { Logger } from '../logger.ts';
import type { HubStore } from '../storage/hub-store.ts';
import { createDeliverySender } from './delivery-sender.ts';
import { createDeliveryWorker } from './delivery-worker.ts';
import type { HubConfig } from './hub-config.ts';
import { resolveHubSettings } from './hub-settings.ts';
import { createHubRouter } from './hub-router.ts';
import { createConcurrencyLimiter } from './internal/concurrency-limiter.ts';
import { createTokenBucketLimiter } from '../http/rate-limit.ts';
import { createOutboundClient } from './outbound-client.ts';
import { systemResolver, type HostResolver } from './pinned-connector.ts';
import { createPublisher } from './publish-changes.ts';
import { createSubscriptionIntents } from './subscription-intents.ts';
import { sendDenial } from './verify-intent.ts';

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

/** Pause before publishing again after the database refused a publish. */
const PUBLISH_RETRY_MS = 5_000;
/** How long close() lets deliveries in flight finish before cutting them. */
const STOP_GRACE_MS = 3_000;
/**
 * The WebSub hub (issue 5): verified subscriptions in the store (SQLite, or PostgreSQL shared by
 * replicas — issue 14), change detection per topic after every build, durable verifications and
 * fan-out with retries, and SSRF-safe outbound requests.
 */
export async function createHub(deps: HubDeps): Promise<Hub> {
  const settings = resolveHubSettings(deps.config);
  const { logger } = deps;
  const now = deps.clock ?? Date.now;
  const { store } = deps;
  // No claims are released here: several processes may share the store. Claims of a process that
  // died expire after HUB_CLAIM_TIMEOUT (live ones are renewed by the heartbeat) and are then taken over.

  const client = createOutboundClient({
    resolve: deps.resolve ?? systemResolver,
    allow: settings.allow,
    connectTimeoutMs: settings.connectTimeoutMs,
    connectionsPerOrigin: settings.hostConcurrency,
    caFile: settings.caFile || undefined,
    userAgent: `Shingle-WebSub-Hub/1.0 (+${settings.baseUrl}${HUB_PATH})`,
  });
  const limiter = createConcurrencyLimiter(settings.concurrency, settings.hostConcurrency);
  const background = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    const q = p.catch(() => undefined).finally(() => background.delete(q));
    background.add(q);
  };
  const hardStop = new AbortController();
  const deny = (callback: string, topic: string, reason: string) =>
    track(
      limiter.run(
        new URL(callback).hostname,
        () => sendDenial(client, callback, topic, reason, settings.verifyTimeoutMs, hardStop.signal),
        hardStop.signal,
      ),
    );

  let wakeWorker = () => {};
  const publisher = createPublisher({ store, topics: settings.topics, now, logger, onQueued: () => wakeWorker() });
  const send = createDeliverySender({
    snapshots: deps.snapshots,
    settings,
    client,
    limiter,
    publisher,
    store,
    now,
    logger,
    hardStop: hardStop.signal,
  });
  const worker = createDeliveryWorker({
    io: {
      claim: (limit) => store.deliveryClaim(now(), limit, settings.claimTimeoutMs),
      extend: (ids) => store.deliveryExtendClaims(ids, now() + settings.claimTimeoutMs),
      send,
      complete: async (results) => {
        const removed = await store.deliveryComplete(results, now(), MAX_CONSECUTIVE_FAILURES);
        for (const r of removed) {
          logger.warn('hub.subscription_removed', { host: new URL(r.callback).hostname, topic: r.topic, reason: r.reason });
          if (r.reason === 'failures')
            deny(r.callback, r.topic, `${MAX_CONSECUTIVE_FAILURES} consecutive deliveries were not acknowledged; subscribe again`);
        }
      },
      nextDueAt: () => store.deliveryNextDueAt(now()),
    },
    now,
    random: deps.random ?? Math.random,
    retryDelaysMs: settings.retryDelaysMs,
    retryJitter: settings.retryJitter,
    maxInFlight: settings.concurrency * 4,
    idlePollMs: settings.pollIntervalMs,
    heartbeatMs: Math.max(100, Math.floor(settings.claimTimeoutMs / 3)),
    logger,
  });
  wakeWorker = () => worker.wake();
  const intents = createSubscriptionIntents({ store, client, limiter, settings, now, logger, deny });
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

  // Publishes the current build; when the database is down, tries again until it succeeds (a newer
  // build that is never recorded would hold back the delivery of the older one on every replica).
  let retryPublish: NodeJS.Timeout | null = null;
  const publishCurrent = () => {
    if (retryPublish) clearTimeout(retryPublish);
    retryPublish = null;
    publisher.publish(deps.snapshots.current()).catch((e: unknown) => {
      logger.error('hub.publish_failed', { error: String(e) });
      if (!closed) retryPublish = setTimeout(publishCurrent, PUBLISH_RETRY_MS).unref();
    });
  };
  // Catch up with a build that appeared while the hub was not running.
  let closed = false;
  await publisher.publish(deps.snapshots.current()).catch((e: unknown) => {
    logger.error('hub.publish_failed', { error: String(e) });
    retryPublish = setTimeout(publishCurrent, PUBLISH_RETRY_MS).unref();
  });
  worker.start();
  intents.start();

  const tasks: ScheduledTask[] = [];
  if (settings.sweepCron !== '') {
    tasks.push(
      cron.schedule(
        settings.sweepCron,
        async () => {
          const n = await store.subscriptionRemoveExpired(now());
          if (n > 0) logger.info('hub.leases_expired', { count: n });
        },
        { name: 'shingle-hub-sweep', noOverlap: true },
      ),
    );
  }

  return {
    router,
    onSnapshot() {
      publishCurrent();
    },
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
      if (retryPublish) clearTimeout(retryPublish);
      unlisten();
      for (const t of tasks) await t.destroy();
      await intents.close();
      // Sends in flight get a grace period, then are cut; cut ones are released, not counted as failures.
      const grace = setTimeout(() => hardStop.abort(new Error('hub closing')), STOP_GRACE_MS);
      await worker.stop();
      await Promise.all(background);
      clearTimeout(grace);
      await client.close();
    },
  };
}
