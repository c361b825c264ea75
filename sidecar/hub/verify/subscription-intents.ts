import type { HubRequest } from '../../../core/hub/hub-request.ts';
import type { Logger } from '../../logger.ts';
import type { HubStore, PendingVerification } from '../../storage/hub-store.ts';
import type { Admission } from '../hub-router.ts';
import type { HubSettings } from '../hub-settings.ts';
import type { ConcurrencyLimiter } from '../outbound/concurrency-limiter.ts';
import type { OutboundClient } from '../outbound/outbound-client.ts';
import { createVerificationWorker } from './verification-worker.ts';
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
  /** Checks the caps and stores the intent for background verification; `accepted` means answer 202. */
  admit(intent: Intent): Promise<Admission>;
  /** Look for stored verifications now (one was added, possibly by another process). */
  wake(): void;
  start(): void;
  close(): Promise<void>;
}

/**
 * Subscribe and unsubscribe (WebSub §5.1–5.3). Nothing changes until the callback confirms:
 * a (re-)subscription's lease and secret apply only after verification succeeds, a failed one
 * leaves the previous state untouched, and an unsubscription removes only on success. Accepted
 * intents are stored before the 202, so they are verified even if this process dies; one per
 * callback and topic, the last request winning.
 */
export function createSubscriptionIntents(o: SubscriptionIntentsOptions): SubscriptionIntents {
  const overLimit = async (intent: Pick<Intent, 'mode' | 'callback' | 'topic' | 'host'>): Promise<Admission | null> => {
    if (intent.mode !== 'subscribe' || (await o.store.subscriptionGet(intent.callback, intent.topic))) return null;
    const t = o.now();
    if ((await o.store.subscriptionCountByHost(intent.host, t)) >= o.settings.maxPerHost) return 'host_limit';
    if ((await o.store.subscriptionCountByTopic(intent.topic, t)) >= o.settings.maxPerTopic) return 'topic_limit';
    return null;
  };

  const confirm = async (intent: PendingVerification, signal: AbortSignal) => {
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
    if (signal.aborted) throw new Error('hub stopping');
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
    const sub = await o.store.subscriptionActivate({
      callback: intent.callback,
      topic: intent.topic,
      host: intent.host,
      secret: intent.secret,
      leaseSeconds: intent.leaseSeconds,
      now: o.now(),
    });
    o.logger.info('hub.subscription_active', { host: intent.host, topic: intent.topic, leaseSeconds: sub.leaseSeconds, signed: sub.secret !== null });
  };

  const worker = createVerificationWorker({
    claim: (limit) => o.store.verificationClaim(o.now(), limit, o.settings.claimTimeoutMs),
    run: confirm,
    complete: (v) => o.store.verificationComplete(v),
    release: (v) => o.store.verificationRelease(v),
    maxRunning: o.settings.concurrency,
    pollMs: o.settings.pollIntervalMs,
    logger: o.logger,
  });

  return {
    async admit(intent) {
      const limit = await overLimit(intent);
      if (limit) return limit;
      // Waiting verifications, all replicas together: bounded overall and per callback host.
      if ((await o.store.verificationCount()) >= o.settings.maxPendingVerifications) return 'busy';
      if ((await o.store.verificationCount(intent.host)) >= o.settings.maxPerHost) return 'busy';
      await o.store.verificationAdd(
        {
          mode: intent.mode,
          callback: intent.callback,
          topic: intent.topic,
          host: intent.host,
          secret: intent.mode === 'subscribe' ? intent.secret : null,
          leaseSeconds: intent.mode === 'subscribe' ? intent.leaseSeconds : 0,
        },
        o.now(),
      );
      return 'accepted';
    },
    wake: () => worker.wake(),
    start: () => worker.start(),
    close: () => worker.stop(),
  };
}
