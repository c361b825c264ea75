/**
 * Persistence of the WebSub hub: subscriptions, the last published content hash of each topic and
 * the pending notification of each subscription. Methods are named `<entity><Action>` and are
 * asynchronous so that a shared database (several sidecar processes) can replace the embedded
 * SQLite implementation without touching the hub. Times are epoch milliseconds.
 */
export interface SubscriptionRecord {
  id: string;
  callback: string;
  topic: string;
  /** Lower-cased callback host name: the key of the per-host cap and concurrency limit. */
  host: string;
  secret: string | null;
  leaseSeconds: number;
  expiresAt: number;
  createdAt: number;
  verifiedAt: number;
  /** Consecutive failed deliveries; any success resets it. */
  failures: number;
}

export interface SubscriptionActivation {
  callback: string;
  topic: string;
  host: string;
  secret: string | null;
  leaseSeconds: number;
  now: number;
}

/** A notification that a worker has claimed and must now send. */
export interface ClaimedDelivery {
  /** Delivery id: the same for every retry of one notification, new when newer content supersedes it. */
  id: string;
  subscriptionId: string;
  callback: string;
  topic: string;
  host: string;
  secret: string | null;
  /** Content hash of the build that caused the notification. */
  contentHash: string;
  /** Attempts already made for this notification. */
  attempts: number;
  /** Consecutive failures of the subscription before this attempt. */
  failures: number;
}

export type DeliveryResult =
  | { id: string; subscriptionId: string; outcome: 'delivered' }
  | { id: string; subscriptionId: string; outcome: 'gone' }
  | { id: string; subscriptionId: string; outcome: 'failed'; retryAt: number }
  /** Not attempted (worker stopping, content superseded …): back to the queue, due again at once or at `retryAt`. */
  | { id: string; subscriptionId: string; outcome: 'released'; retryAt?: number };

/**
 * A subscribe or unsubscribe request answered 202 and not yet verified. Stored, so that it is
 * verified even when the process that accepted it dies; one per (callback, topic): a newer request
 * replaces an older one that has not started (the last intent wins).
 */
export interface PendingVerification {
  id: string;
  mode: 'subscribe' | 'unsubscribe';
  callback: string;
  topic: string;
  host: string;
  secret: string | null;
  leaseSeconds: number;
  createdAt: number;
}

export type NewVerification = Omit<PendingVerification, 'id' | 'createdAt'>;

/** What a wake-up announces: notifications or verifications became due (possibly queued by another process). */
export type WakeKind = 'deliveries' | 'verifications';

export interface RemovedSubscription {
  callback: string;
  topic: string;
  reason: 'failures' | 'gone';
}

export interface HubStore {
  /** Which backend this is (reported by /healthz). */
  readonly kind: 'sqlite' | 'postgres';
  /** Resolves when the database answers; rejects with StoreUnavailableError when it does not. */
  ping(): Promise<void>;
  /**
   * Calls `listener` when work was queued, by this process or (shared database) another one, so
   * idle workers start at once instead of at their next poll. Returns the unsubscribe function.
   */
  onWake(listener: (kind: WakeKind) => void): () => void;

  subscriptionGet(callback: string, topic: string): Promise<SubscriptionRecord | null>;
  /** Creates or renews a subscription after a successful verification of intent; the new lease and secret apply from now. */
  subscriptionActivate(activation: SubscriptionActivation): Promise<SubscriptionRecord>;
  /** Removes a subscription and its pending notification; false when there was none. */
  subscriptionRemove(callback: string, topic: string): Promise<boolean>;
  /** Unexpired subscriptions whose callback is on `host`. */
  subscriptionCountByHost(host: string, now: number): Promise<number>;
  /** Unexpired subscriptions of `topic`. */
  subscriptionCountByTopic(topic: string, now: number): Promise<number>;
  /** Deletes subscriptions whose lease ran out (and their pending notifications); returns how many. */
  subscriptionRemoveExpired(now: number): Promise<number>;

  topicHashGet(topic: string): Promise<string | null>;
  /**
   * Change detection and fan-out in one transaction: when `contentHash` differs from the topic's
   * last published hash, records it and queues a notification (fresh delivery id, due now) for
   * every unexpired subscription of the topic, superseding any pending retry.
   */
  topicPublish(topic: string, contentHash: string, now: number): Promise<{ changed: boolean; queued: number }>;

  /**
   * Claims up to `limit` due notifications of unexpired subscriptions for `claimMs`, for this store
   * instance. Claims of other instances are skipped (not waited for) until they expire: a process
   * that died holding claims loses them after `claimMs`, and nobody releases all claims at start-up.
   */
  deliveryClaim(now: number, limit: number, claimMs: number): Promise<ClaimedDelivery[]>;
  /**
   * Records attempt results in one transaction: success resets the failure count and clears the
   * notification (unless newer content superseded it meanwhile); a failure counts towards
   * `maxFailures` and reschedules; `gone` and the last allowed failure remove the subscription.
   */
  deliveryComplete(results: readonly DeliveryResult[], now: number, maxFailures: number): Promise<RemovedSubscription[]>;
  /** Extends this instance's claims on these subscriptions' notifications to `until` (heartbeat of sends still waiting or in flight). */
  deliveryExtendClaims(subscriptionIds: readonly string[], until: number): Promise<void>;
  /** Earliest time a pending notification of an unexpired subscription becomes due (a claim delays it), or null. */
  deliveryNextDueAt(now: number): Promise<number | null>;
  /** Pending notifications (for health and tests). */
  deliveryCount(): Promise<number>;

  /** Stores a verification to run (replacing a waiting one for the same callback and topic). */
  verificationAdd(v: NewVerification, now: number): Promise<PendingVerification>;
  /** Claims up to `limit` waiting verifications for `claimMs` (one per callback and topic at a time). */
  verificationClaim(now: number, limit: number, claimMs: number): Promise<PendingVerification[]>;
  /** Done (verified, refused or given up): deletes it, unless a newer request replaced it meanwhile, which is released. */
  verificationComplete(v: PendingVerification): Promise<void>;
  /** Not run (shutdown): back to waiting (or the newer request that replaced it is). */
  verificationRelease(v: PendingVerification): Promise<void>;
  /** Verifications waiting or running, all processes together; with `host`, only those whose callback is on it. */
  verificationCount(host?: string): Promise<number>;

  close(): Promise<void>;
}

/** The database could not be reached (or timed out): the caller answers 503 and tries again later. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
