import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../sidecar/logger.ts';
import { createDeliveryWorker, type DeliveryWorkerIo, type SendOutcome } from '../../../sidecar/hub/delivery-worker.ts';
import { createConcurrencyLimiter } from '../../../sidecar/hub/internal/concurrency-limiter.ts';
import { createTokenBucketLimiter } from '../../../sidecar/http/rate-limit.ts';
import type { ClaimedDelivery, DeliveryResult } from '../../../sidecar/storage/hub-store.ts';

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

const until = async (cond: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
};

describe('delivery worker', () => {
  it('sends everything with bounded concurrency and writes results in batches', async () => {
    let active = 0;
    let peak = 0;
    const { io, completed, batches } = fakeIo(
      Array.from({ length: 100 }, (_, i) => delivery(i)),
      async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 1));
        active--;
        return { outcome: 'delivered' };
      },
    );
    const worker = createDeliveryWorker({
      io,
      now: () => 0,
      random: () => 0.5,
      retryDelaysMs: [1_000],
      retryJitter: 0.2,
      maxInFlight: 10,
      flushSize: 25,
      logger: silentLogger,
    });
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
    const worker = createDeliveryWorker({
      io,
      now: () => 0,
      random: () => 0.5,
      retryDelaysMs: [1_000],
      retryJitter: 0,
      maxInFlight: 10,
      flushMs: 1,
      logger: silentLogger,
    });
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
    await new Promise((r) => setTimeout(r, 1_200)); // two retry rounds with the store down
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
    const worker = createDeliveryWorker({
      io,
      now: () => 10_000,
      random: () => 0,
      retryDelaysMs: [1_000, 5_000],
      retryJitter: 0.2,
      maxInFlight: 4,
      logger: silentLogger,
    });
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
    const worker = createDeliveryWorker({
      io,
      now: () => 0,
      random: Math.random,
      retryDelaysMs: [1],
      retryJitter: 0,
      maxInFlight: 4,
      idlePollMs: 60_000,
      logger: silentLogger,
    });
    worker.start();
    await new Promise((r) => setTimeout(r, 20));
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
              await new Promise((r) => setTimeout(r, 30));
              return { outcome: 'delivered' } as const;
            },
            signal,
          );
        } catch {
          return { outcome: 'released' };
        }
      },
    );
    const worker = createDeliveryWorker({
      io,
      now: () => 0,
      random: Math.random,
      retryDelaysMs: [1],
      retryJitter: 0,
      maxInFlight: 6,
      logger: silentLogger,
    });
    worker.start();
    await until(() => started === 2);
    await worker.stop();
    expect(completed.filter((c) => c.outcome === 'delivered')).toHaveLength(2);
    expect(completed.filter((c) => c.outcome === 'released')).toHaveLength(4);
  });
});

describe('concurrency limiter', () => {
  it('bounds global and per-host concurrency without head-of-line blocking', async () => {
    const limiter = createConcurrencyLimiter(3, 1);
    const order: string[] = [];
    const gate = Promise.withResolvers<void>();
    const task = (name: string, wait?: Promise<void>) => async () => {
      order.push(name);
      await wait;
    };
    const runs = [
      limiter.run('a', task('a1', gate.promise)),
      limiter.run('a', task('a2')),
      limiter.run('b', task('b1')),
      limiter.run('c', task('c1')),
    ];
    await new Promise((r) => setTimeout(r, 5));
    expect(order).toEqual(['a1', 'b1', 'c1']); // a2 waits for host a, b and c go ahead
    expect(limiter.waiting).toBe(1);
    gate.resolve();
    await Promise.all(runs);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2']);
  });
  it('drops a waiting task when its signal aborts', async () => {
    const limiter = createConcurrencyLimiter(1, 1);
    const gate = Promise.withResolvers<void>();
    const first = limiter.run('a', () => gate.promise);
    const ac = new AbortController();
    const second = limiter.run('a', async () => 'ran', ac.signal);
    ac.abort(new Error('stop'));
    await expect(second).rejects.toThrow('stop');
    gate.resolve();
    await first;
    expect(limiter.waiting).toBe(0);
  });
});

describe('rate limiter', () => {
  it('allows a burst, then refills over time per client', () => {
    let t = 0;
    const limiter = createTokenBucketLimiter(3, () => t);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(20);
    expect(limiter.take('b')).toBe(0);
    t += 20_000;
    expect(limiter.take('a')).toBe(0);
  });
});

describe('clientKey', () => {
  it('groups IPv6 clients by /64 and unwraps IPv4-mapped addresses', async () => {
    const { clientKey } = await import('../../../sidecar/hub/hub-router.ts');
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb::2'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey(undefined)).toBe('unknown');
  });
});
