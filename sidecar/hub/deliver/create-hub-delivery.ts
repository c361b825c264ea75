import { MAX_CONSECUTIVE_FAILURES } from '../../../core/hub/delivery-outcome.ts';
import type { SnapshotSource } from '../../data/snapshot.ts';
import type { Logger } from '../../logger.ts';
import type { HubStore } from '../../storage/hub-store.ts';
import type { HubSettings } from '../hub-settings.ts';
import type { HubOutbound } from '../outbound/hub-outbound.ts';
import { createDeliverySender } from './delivery-sender.ts';
import { createDeliveryWorker, type DeliveryWorker } from './delivery-worker.ts';
import { createPublisher, type Publisher } from './publish-changes.ts';

export interface HubDeliveryOptions {
  store: HubStore;
  settings: HubSettings;
  snapshots: SnapshotSource;
  outbound: HubOutbound;
  now: () => number;
  random: () => number;
  logger: Logger;
}

/** The minimum heartbeat: a claim is renewed three times per HUB_CLAIM_TIMEOUT, but not more often than this. */
const MIN_HEARTBEAT_MS = 100;
/** Deliveries in flight per allowed outbound connection: room to batch results without starving a host. */
const IN_FLIGHT_PER_CONNECTION = 4;

/**
 * The deliver step of the hub: the publisher (a build's changed topics → queued notifications) and the
 * worker that claims them, sends the newest bytes of each topic, and records the outcome — removing a
 * subscription after MAX_CONSECUTIVE_FAILURES (with a `denied` notice) or on 410 Gone.
 */
export function createHubDelivery(o: HubDeliveryOptions): { publisher: Publisher; worker: DeliveryWorker } {
  const { store, settings, now, logger } = o;
  let wake = () => {};
  const publisher = createPublisher({ store, topics: settings.topics, now, logger, onQueued: () => wake() });
  const send = createDeliverySender({
    snapshots: o.snapshots,
    settings,
    client: o.outbound.client,
    limiter: o.outbound.limiter,
    publisher,
    store,
    now,
    logger,
    hardStop: o.outbound.hardStop,
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
            o.outbound.deny(r.callback, r.topic, `${MAX_CONSECUTIVE_FAILURES} consecutive deliveries were not acknowledged; subscribe again`);
        }
      },
      nextDueAt: () => store.deliveryNextDueAt(now()),
    },
    now,
    random: o.random,
    retryDelaysMs: settings.retryDelaysMs,
    retryJitter: settings.retryJitter,
    maxInFlight: settings.concurrency * IN_FLIGHT_PER_CONNECTION,
    idlePollMs: settings.pollIntervalMs,
    heartbeatMs: Math.max(MIN_HEARTBEAT_MS, Math.floor(settings.claimTimeoutMs / 3)),
    logger,
  });
  wake = () => worker.wake();
  return { publisher, worker };
}
