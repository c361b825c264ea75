import { websubLinkHeader } from '../../../core/build/render-headers-file.ts';
import type { SnapshotSource } from '../../data/snapshot.ts';
import type { Logger } from '../../logger.ts';
import type { ClaimedDelivery, HubStore } from '../../storage/hub-store.ts';
import { postNotification } from './post-notification.ts';
import type { SendOutcome } from './delivery-worker.ts';
import type { HubSettings } from '../hub-settings.ts';
import type { ConcurrencyLimiter } from '../outbound/concurrency-limiter.ts';
import type { OutboundClient } from '../outbound/outbound-client.ts';
import { topicContentHash, type Publisher } from './publish-changes.ts';

export interface DeliverySenderOptions {
  snapshots: SnapshotSource;
  settings: HubSettings;
  client: OutboundClient;
  limiter: ConcurrencyLimiter;
  publisher: Publisher;
  /** To tell a newer local build from an older one (replicas load a new build a moment apart). */
  store: Pick<HubStore, 'topicHashGet'>;
  now: () => number;
  logger: Logger;
  /** Aborted when the hub must stop now: requests in flight are cut and their notifications released, not failed. */
  hardStop: AbortSignal;
}

/**
 * The delivery worker's `send`: takes the topic's bytes from the current build (always the newest
 * content), checks they are what the notification was queued for, and POSTs them through the
 * per-host limiter.
 */
export function createDeliverySender(o: DeliverySenderOptions): (d: ClaimedDelivery, queueSignal: AbortSignal) => Promise<SendOutcome> {
  return async (d, queueSignal) => {
    const path = o.settings.topics.get(d.topic);
    const snapshot = o.snapshots.current();
    const doc = path ? snapshot.documents.get(path) : undefined;
    if (!path || !doc) {
      o.logger.error('hub.topic_missing', { topic: d.topic });
      return { outcome: 'released', retryAt: o.now() + 60_000 };
    }
    const local = topicContentHash(doc.identity.bytes);
    if (local !== d.contentHash) {
      // This process serves other bytes than the notification was queued for. If the queued content is
      // still the newest recorded, this process is the one behind (a replica that has not loaded the
      // new build yet): leave it to a process that has, or to this one in a moment — publishing our
      // older bytes would send subscribers the old content again.
      const recorded = await o.store.topicHashGet(d.topic);
      if (recorded === d.contentHash) return { outcome: 'released', retryAt: o.now() + 1_000 };
      if (recorded === local) return { outcome: 'released' }; // superseded by our build: due again now
      // A newer build than any recorded: publish it (new delivery id), then send that.
      const changed = await o.publisher.publish(snapshot, [d.topic]);
      return changed.length > 0 ? { outcome: 'released' } : { outcome: 'released', retryAt: o.now() + 1_000 };
    }
    try {
      const attempt = await o.limiter.run(
        d.host,
        () =>
          postNotification(o.client, {
            callback: d.callback,
            deliveryId: d.id,
            secret: d.secret,
            bytes: doc.identity.bytes,
            contentType: doc.contentType,
            link: websubLinkHeader(o.settings.baseUrl, path),
            timeoutMs: o.settings.deliveryTimeoutMs,
            signal: o.hardStop,
          }),
        queueSignal,
      );
      if (o.hardStop.aborted) return { outcome: 'released' };
      if (attempt.outcome !== 'delivered')
        o.logger.warn('hub.delivery_failed', { host: d.host, status: attempt.status, failure: attempt.failure, failures: d.failures + 1 });
      return { outcome: attempt.outcome };
    } catch (e) {
      if (queueSignal.aborted) return { outcome: 'released' };
      throw e;
    }
  };
}
