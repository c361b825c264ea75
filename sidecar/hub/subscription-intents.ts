import type { HubRequest } from '../../core/hub/hub-request.ts';
import type { Logger } from '../logger.ts';
import type { HubStore } from '../storage/hub-store.ts';
import type { Admission } from './hub-router.ts';
import type { HubSettings } from './hub-settings.ts';
import type { ConcurrencyLimiter } from './internal/concurrency-limiter.ts';
import type { OutboundClient } from './outbound-client.ts';
import { createVerificationQueue } from './verification-queue.ts';
import { verifyIntent } from './verify-intent.ts';

type Intent = Extract<HubRequest, { mode: 'subscribe' | 'unsubscribe' }>;

export interface SubscriptionIntentsOptions {
  store: HubStore;
  client: OutboundClient;
  limiter: ConcurrencyLimiter;
  settings: HubSettings;
  now: () => number;
  logger: Logger;
  deny: (callback: string, topic: string, reason: string) => void;
}

export interface SubscriptionIntents {
  /** Checks the caps and queues background verification; `accepted` means answer 202. */
  admit(intent: Intent): Promise<Admission>;
  readonly pending: number;
  close(): Promise<void>;
}

/**
 * Subscribe and unsubscribe (WebSub §5.1–5.3). Nothing changes until the callback confirms:
 * a (re-)subscription's lease and secret apply only after verification succeeds, a failed one
 * leaves the previous state untouched, and an unsubscription removes only on success.
 */
export function createSubscriptionIntents(o: SubscriptionIntentsOptions): SubscriptionIntents {
  const queue = createVerificationQueue(o.settings.maxPendingVerifications, o.logger);
  /** Verifications waiting or running per callback host: one host cannot be flooded with GETs through us. */
  const pendingPerHost = new Map<string, number>();

  const overLimit = async (intent: Intent): Promise<Admission | null> => {
    if (intent.mode !== 'subscribe' || (await o.store.subscriptionGet(intent.callback, intent.topic))) return null;
    const t = o.now();
    if ((await o.store.subscriptionCountByHost(intent.host, t)) >= o.settings.maxPerHost) return 'host_limit';
    if ((await o.store.subscriptionCountByTopic(intent.topic, t)) >= o.settings.maxPerTopic) return 'topic_limit';
    return null;
  };

  const confirm = async (intent: Intent, signal: AbortSignal) => {
    const result = await o.limiter.run(
      intent.host,
      () =>
        verifyIntent(o.client, {
          mode: intent.mode,
          callback: intent.callback,
          topic: intent.topic,
          ...(intent.mode === 'subscribe' ? { leaseSeconds: intent.leaseSeconds } : {}),
          timeoutMs: o.settings.verifyTimeoutMs,
          signal,
        }),
      signal,
    );
    if (!result.verified) {
      o.logger.info('hub.verification_refused', { host: intent.host, mode: intent.mode, status: result.status, failure: result.failure });
      return;
    }
    if (intent.mode === 'unsubscribe') {
      const removed = await o.store.subscriptionRemove(intent.callback, intent.topic);
      o.logger.info('hub.unsubscribed', { host: intent.host, topic: intent.topic, existed: removed });
      return;
    }
    const limit = await overLimit(intent);
    if (limit) {
      o.logger.warn('hub.subscription_denied', { host: intent.host, reason: limit });
      o.deny(intent.callback, intent.topic, 'subscription limit reached');
      return;
    }
    const sub = await o.store.subscriptionActivate({ callback: intent.callback, topic: intent.topic, host: intent.host, secret: intent.secret, leaseSeconds: intent.leaseSeconds, now: o.now() });
    o.logger.info('hub.subscription_active', { host: intent.host, topic: intent.topic, leaseSeconds: sub.leaseSeconds, signed: sub.secret !== null });
  };

  return {
    get pending() {
      return queue.pending;
    },
    async admit(intent) {
      const limit = await overLimit(intent);
      if (limit) return limit;
      const perHost = pendingPerHost.get(intent.host) ?? 0;
      if (perHost >= o.settings.maxPerHost) return 'busy';
      const queued = queue.enqueue(`${intent.topic} ${intent.callback}`, (signal) =>
        confirm(intent, signal).finally(() => {
          const n = (pendingPerHost.get(intent.host) ?? 1) - 1;
          if (n <= 0) pendingPerHost.delete(intent.host);
          else pendingPerHost.set(intent.host, n);
        }),
      );
      if (!queued) return 'busy';
      pendingPerHost.set(intent.host, perHost + 1);
      return 'accepted';
    },
    close: () => queue.close(),
  };
}
