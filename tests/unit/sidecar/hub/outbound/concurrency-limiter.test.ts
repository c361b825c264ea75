import { describe, expect, it, vi } from 'vitest';
import { createConcurrencyLimiter } from '../../../../../sidecar/hub/outbound/concurrency-limiter.ts';

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
    // a1, b1 and c1 start; a2 cannot until a1's gate opens, so three starts are all there will be.
    await vi.waitFor(() => expect(order).toHaveLength(3));
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
