/** The delivery worker (sidecar/hub/deliver/delivery-worker.ts) over a fake store and fake sends, on fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../../../sidecar/logger.ts';
import {
  createDeliveryWorker,
  type DeliveryWorkerIo,
  type DeliveryWorkerOptions,
  type SendOutcome,
} from '../../../../../sidecar/hub/deliver/delivery-worker.ts';
import { createConcurrencyLimiter } from '../../../../../sidecar/hub/outbound/concurrency-limiter.ts';
import type { ClaimedDelivery, DeliveryResult } from '../../../../../sidecar/storage/hub-store.ts';

const delivery = (n: number, failures = 0): ClaimedDelivery => ({
  id: `d${n}`,
  subscriptionId: `s${n}`,
  callback: `https://h${n % 3}.example/${n}`,
  topic: 'T',
  host: `h${n % 3}.example`,
  secret: null,
  contentHash: 'h',
  attempts: 0,
  failures,
});

function fakeIo(queue: ClaimedDelivery[], send: (d: ClaimedDelivery, signal: AbortSignal) => Promise<SendOutcome>) {
  const completed: DeliveryResult[] = [];
  const batches: number[] = [];
  const io: DeliveryWorkerIo = {
    async claim(limit) {
      return queue.splice(0, limit);
    },
    send,
    async complete(results) {
      batches.push(results.length);
      completed.push(...results);
    },
    async nextDueAt() {
      return queue.length > 0 ? 0 : null;
    },
  };
  return { io, completed, batches };
}

/** Moves the fake clock a millisecond at a time until `cond` holds; fails after `ms` of fake time. */
const until = async (cond: () => boolean, ms = 2_000) => {
  for (let waited = 0; !cond(); waited++) {
    if (waited > ms) throw new Error(`not reached within ${ms} ms of fake time`);
    await vi.advanceTimersByTimeAsync(1);
  }
};

/** A worker over `io` with a fixed clock and random source; the options a test is about override these. */
function workerOf(io: DeliveryWorkerIo, options: Partial<DeliveryWorkerOptions> = {}) {
  return createDeliveryWorker({
    io,
    now: () => 0,
    random: () => 0.5,
    retryDelaysMs: [1_000],
    retryJitter: 0,
    maxInFlight: 10,
    logger: silentLogger,
    ...options,
  });
}

describe('delivery worker', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('sends everything with bounded concurrency and writes results in batches', async () => {
    let active = 0;
    let peak = 0;
    const { io, completed, batches } = fakeIo(
      Array.from({ length: 100 }, (_, i) => delivery(i)),
      async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 1)); // a send takes a millisecond of the fake clock
        active--;
        return { outcome: 'delivered' };
      },
    );
    const worker = workerOf(io, { retryJitter: 0.2, flushSize: 25 });
    worker.start();
    await until(() => completed.length === 100);
    await worker.stop();
    expect(peak).toBeLessThanOrEqual(10);
    expect(batches.length).toBeLessThan(100);
    expect(new Set(completed.map((c) => c.id)).size).toBe(100);
  });

  it('keeps the results the store refused (database down) and records them when it is back; sends nothing new meanwhile', async () => {
    const queue = Array.from({ length: 30 }, (_, i) => delivery(i));
    const { io, completed } = fakeIo(queue, async () => ({ outcome: 'delivered' }));
    let storeUp = true;
    const claim = io.claim.bind(io);
    const complete = io.complete.bind(io);
    io.claim = async (limit) => (storeUp ? claim(limit) : Promise.reject(new Error('connect ECONNREFUSED')));
    io.complete = async (results) => (storeUp ? complete(results) : Promise.reject(new Error('connect ECONNREFUSED')));
    const worker = workerOf(io, { flushMs: 1 });
    // The first batch is sent while the store goes away: its results cannot be written.
    const firstSends = queue.slice(0, 10).map((d) => d.id);
    storeUp = true;
    const sent: string[] = [];
    const send = io.send;
    io.send = async (d, signal) => {
      sent.push(d.id);
      if (sent.length === 1) storeUp = false;
      return send(d, signal);
    };
    worker.start();
    await until(() => sent.length === 10);
    await vi.advanceTimersByTimeAsync(1_200); // two retry rounds with the store down
    expect(completed).toEqual([]);
    expect(sent.length).toBe(10);
    storeUp = true;
    await until(() => completed.length === 30, 5_000);
    await worker.stop();
    expect(sent.slice(0, 10)).toEqual(firstSends);
    // Every notification sent once and recorded once: nothing went back to the queue to be sent again.
    expect(sent.length).toBe(30);
    expect(new Set(completed.map((c) => c.id)).size).toBe(30);
    expect(completed.every((c) => c.outcome === 'delivered')).toBe(true);
  }, 15_000);

  it('schedules a failed delivery after retryDelay(consecutive failures) with the injected random source', async () => {
    const { io, completed } = fakeIo([delivery(1, 0), delivery(2, 1)], async () => ({ outcome: 'failed' }));
    const worker = workerOf(io, { now: () => 10_000, random: () => 0, retryDelaysMs: [1_000, 5_000], retryJitter: 0.2, maxInFlight: 4 });
    worker.start();
    await until(() => completed.length === 2);
    await worker.stop();
    expect(completed).toEqual([
      { id: 'd1', subscriptionId: 's1', outcome: 'failed', retryAt: 10_800 },
      { id: 'd2', subscriptionId: 's2', outcome: 'failed', retryAt: 14_000 },
    ]);
  });

  it('is woken early when new work is queued', async () => {
    const queue: ClaimedDelivery[] = [];
    const { io, completed } = fakeIo(queue, async () => ({ outcome: 'delivered' }));
    const worker = workerOf(io, { random: Math.random, retryDelaysMs: [1], maxInFlight: 4, idlePollMs: 60_000 });
    worker.start();
    await vi.advanceTimersByTimeAsync(20); // the worker has looked at the empty queue and sleeps
    queue.push(delivery(7));
    worker.wake();
    await until(() => completed.length === 1);
    await worker.stop();
  });

  it('stops gracefully: sends in flight finish, waiting ones are released', async () => {
    const limiter = createConcurrencyLimiter(2, 2);
    let started = 0;
    const { io, completed } = fakeIo(
      Array.from({ length: 6 }, (_, i) => delivery(i)),
      async (d, signal) => {
        try {
          return await limiter.run(
            'one-host',
            async () => {
              started++;
              await new Promise((r) => setTimeout(r, 30)); // a send takes 30 ms of the fake clock
              return { outcome: 'delivered' } as const;
            },
            signal,
          );
        } catch {
          return { outcome: 'released' };
        }
      },
    );
    const worker = workerOf(io, { random: Math.random, retryDelaysMs: [1], maxInFlight: 6 });
    worker.start();
    await until(() => started === 2);
    // Stopping waits for the two sends in flight, which finish on the fake clock.
    const stopped = worker.stop();
    await vi.advanceTimersByTimeAsync(30);
    await stopped;
    expect(completed.filter((c) => c.outcome === 'delivered')).toHaveLength(2);
    expect(completed.filter((c) => c.outcome === 'released')).toHaveLength(4);
  });
});
