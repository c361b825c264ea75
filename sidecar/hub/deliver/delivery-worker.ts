import { retryDelay } from '../../../core/hub/retry-delay.ts';
import type { Logger } from '../../logger.ts';
import type { ClaimedDelivery, DeliveryResult } from '../../storage/hub-store.ts';
import { createClaimLoop } from '../claim-loop.ts';

/** How often results the store refused are written again (and the queue looked at) while it is unreachable. */
const STORE_RETRY_MS = 500;

/** What sending one claimed notification came to. `released`: not attempted, back to the queue (optionally not before `retryAt`). */
export type SendOutcome = { outcome: 'delivered' | 'gone' | 'failed' } | { outcome: 'released'; retryAt?: number };

/** The worker's IO, injected: the store calls and the network send. */
export interface DeliveryWorkerIo {
  claim(limit: number): Promise<ClaimedDelivery[]>;
  /** Sends one notification. `queueSignal` aborts only while the send waits for a connection slot (shutdown). */
  send(delivery: ClaimedDelivery, queueSignal: AbortSignal): Promise<SendOutcome>;
  complete(results: DeliveryResult[]): Promise<void>;
  nextDueAt(): Promise<number | null>;
  /** Renews this process's claims on notifications still being sent or waiting for a slot (heartbeat). */
  extend?(subscriptionIds: string[]): Promise<void>;
}

export interface DeliveryWorkerOptions {
  io: DeliveryWorkerIo;
  now: () => number;
  random: () => number;
  retryDelaysMs: readonly number[];
  retryJitter: number;
  /** Claimed notifications held at once (sending or waiting for a slot). */
  maxInFlight: number;
  /** Results are written in batches of this size … */
  flushSize?: number;
  /** … or after this many milliseconds, whichever comes first. */
  flushMs?: number;
  /** Longest sleep between two looks at the queue when nothing is due. */
  idlePollMs?: number;
  /** How often claims held are renewed through `io.extend` (a third of the claim expiry). */
  heartbeatMs?: number;
  logger: Logger;
}

export interface DeliveryWorker {
  start(): void;
  /** Look at the queue now (new notifications were queued). */
  wake(): void;
  /** Stops claiming, releases notifications still waiting for a slot, lets sends in flight finish, writes all results. */
  stop(): Promise<void>;
}

/**
 * The fan-out loop: claims due notifications in batches, sends them with bounded concurrency, and
 * records results in batched transactions (one fsync per batch, not per delivery). A failure is
 * rescheduled after `retryDelay(consecutive failures)`; the store decides removal.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { io, now, logger } = options;
  const flushSize = options.flushSize ?? 200;
  const flushMs = options.flushMs ?? 25;
  const idlePollMs = options.idlePollMs ?? 30_000;
  const queueAbort = new AbortController();
  let running = false;
  let inFlight = 0;
  let buffer: DeliveryResult[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let drained: (() => void) | null = null;
  /** Results the store refused (it was unreachable) and that are kept for the next write. */
  let unrecorded = 0;
  /** The last claim filled all the room: more is probably due. */
  let backlog = false;
  const minBatch = Math.max(1, Math.floor(options.maxInFlight / 4));
  /** Subscriptions whose notification this worker holds: the heartbeat keeps their claims alive. */
  const held = new Set<string>();
  let heartbeat: NodeJS.Timeout | null = null;
  const beat = () => {
    if (held.size === 0 || !io.extend) return;
    io.extend([...held]).catch((e: unknown) => logger.warn('hub.claim_extend_failed', { count: held.size, error: String(e) }));
  };

  const wake = () => loop.wake();

  /**
   * Writes the buffered results. When the store cannot take them (the database is down) they are
   * kept, in order, and written again once it is back: a notification that was sent must be recorded
   * as sent, or its claim runs out and it is sent a second time. Until then no new work is claimed.
   */
  const flush = () => {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    if (buffer.length === 0) return flushing;
    // The batch is taken when its turn comes, not now: writes are serial, so a batch always starts
    // with every result refused before it, and a write that succeeds has recorded all of them.
    flushing = flushing.then(async () => {
      if (buffer.length === 0) return;
      const batch = buffer;
      buffer = [];
      try {
        await io.complete(batch);
        if (unrecorded > 0) logger.info('hub.delivery_results_recorded', { count: unrecorded });
        unrecorded = 0;
        wake();
      } catch (e) {
        buffer = batch.concat(buffer);
        if (unrecorded === 0) logger.error('hub.delivery_complete_failed', { count: batch.length, error: String(e) });
        unrecorded = buffer.length;
      }
    });
    return flushing;
  };

  const record = (result: DeliveryResult) => {
    buffer.push(result);
    if (buffer.length >= flushSize) void flush();
    else flushTimer ??= setTimeout(() => void flush(), flushMs);
  };

  const toResult = (d: ClaimedDelivery, sent: SendOutcome): DeliveryResult => {
    const base = { id: d.id, subscriptionId: d.subscriptionId };
    switch (sent.outcome) {
      case 'failed':
        return {
          ...base,
          outcome: 'failed',
          retryAt: now() + retryDelay(d.failures + 1, options.retryDelaysMs, options.random, options.retryJitter),
        };
      case 'released':
        return { ...base, outcome: 'released', ...(sent.retryAt !== undefined ? { retryAt: sent.retryAt } : {}) };
      default:
        return { ...base, outcome: sent.outcome };
    }
  };

  const dispatch = (d: ClaimedDelivery) => {
    inFlight++;
    held.add(d.subscriptionId);
    io.send(d, queueAbort.signal)
      .catch((e: unknown): SendOutcome => {
        if (loop.stopping) return { outcome: 'released' };
        logger.error('hub.delivery_send_error', { host: d.host, error: String(e) });
        return { outcome: 'failed' };
      })
      .then((sent) => record(toResult(d, sent)))
      .finally(() => {
        held.delete(d.subscriptionId);
        inFlight--;
        if (inFlight === 0) drained?.();
        // Claim again only once a batch worth of room is free: one claim transaction per batch, not per send.
        if (backlog && (options.maxInFlight - inFlight >= minBatch || inFlight === 0)) wake();
      });
  };

  /**
   * While results wait for the store, nothing new is claimed: the buffered results are written first,
   * then the claims still held are renewed (they may have run out during the outage), then claiming
   * resumes — so no notification sent during an outage is claimed and sent again.
   */
  const recover = async (): Promise<boolean> => {
    await flush();
    if (unrecorded > 0) return false;
    if (held.size > 0 && io.extend) await io.extend([...held]).catch(() => undefined);
    return true;
  };

  const loop = createClaimLoop<ClaimedDelivery>({
    async hold() {
      // Only time brings the store back: wait the whole interval, whatever woke us before.
      if (unrecorded > 0 && !(await recover())) return { ms: STORE_RETRY_MS, forgetWakes: true };
      // A finishing send wakes us when a batch worth of room is free.
      const room = options.maxInFlight - inFlight;
      return backlog && room < minBatch && inFlight > 0 ? { ms: idlePollMs } : null;
    },
    room: () => options.maxInFlight - inFlight,
    claim: (limit) => io.claim(limit),
    dispatch,
    handBack(claimed) {
      for (const d of claimed) record({ id: d.id, subscriptionId: d.subscriptionId, outcome: 'released' });
    },
    async pauseAfter(claimed, room) {
      backlog = room > 0 && claimed === room;
      if (backlog) return null;
      const due = await io.nextDueAt().catch(() => null);
      return due === null ? idlePollMs : Math.min(Math.max(due - now(), 0), idlePollMs);
    },
    claimFailedEvent: 'hub.delivery_claim_failed',
    logger,
  });

  return {
    start() {
      if (running) return;
      running = true;
      if (options.heartbeatMs && io.extend) heartbeat = setInterval(beat, options.heartbeatMs);
      loop.start();
    },
    wake,
    async stop() {
      if (loop.stopping) return;
      const ended = loop.stop();
      queueAbort.abort(new Error('hub stopping'));
      await ended;
      if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
      if (heartbeat) clearInterval(heartbeat);
      await flush();
    },
  };
}
