/** The claim loop both hub workers share (sidecar/hub/claim-loop.ts), on fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClaimLoop, type ClaimLoopSteps } from '../../../../sidecar/hub/claim-loop.ts';
import { silentLogger } from '../../../../sidecar/logger.ts';

/** A queue of numbered items, claimed `room` at a time; dispatched items stay running until `finish`. */
function queueOf(items: number[], overrides: Partial<ClaimLoopSteps<number>> = {}) {
  const queue = [...items];
  const running = new Set<number>();
  const claims: number[] = [];
  const handedBack: number[] = [];
  const errors: string[] = [];
  const loop = createClaimLoop<number>({
    room: () => 2 - running.size,
    claim: async (limit) => {
      claims.push(limit);
      return queue.splice(0, limit);
    },
    dispatch: (item) => void running.add(item),
    handBack: (claimed) => void handedBack.push(...claimed),
    pauseAfter: (claimed, room) => (room > 0 && claimed === room ? null : 10_000),
    claimFailedEvent: 'test.claim_failed',
    logger: { ...silentLogger, error: (event) => errors.push(event) },
    ...overrides,
  });
  const finish = (item: number) => {
    running.delete(item);
    loop.wake();
  };
  return { loop, queue, running, claims, handedBack, errors, finish };
}

describe('claim loop', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('claims what there is room for, claims again at once while claims fill the room, and sleeps until woken', async () => {
    const q = queueOf([1, 2, 3, 4, 5]);
    q.loop.start();
    await vi.advanceTimersByTimeAsync(0);
    // Room 2 filled, then room 0 (a claim of nothing is not made), then sleep.
    expect([...q.running]).toEqual([1, 2]);
    expect(q.claims).toEqual([2]);
    q.finish(1);
    await vi.advanceTimersByTimeAsync(0);
    expect([...q.running]).toEqual([2, 3]);
    expect(q.claims).toEqual([2, 1]);
    await q.loop.stop();
  });

  it('logs a failed claim and tries again after a pause', async () => {
    let fail = true;
    const q = queueOf([1], {
      claim: async () => {
        if (fail) throw new Error('database down');
        return [1];
      },
    });
    q.loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(q.errors).toEqual(['test.claim_failed']);
    fail = false;
    await vi.advanceTimersByTimeAsync(999);
    expect(q.running.size).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect([...q.running]).toEqual([1]);
    await q.loop.stop();
  });

  it('hands back what a claim returned after stopping began, and claims no more', async () => {
    let release: (items: number[]) => void = () => undefined;
    const q = queueOf([], { claim: () => new Promise<number[]>((r) => (release = r)) });
    q.loop.start();
    await vi.advanceTimersByTimeAsync(0);
    const stopped = q.loop.stop();
    expect(q.loop.stopping).toBe(true);
    release([7, 8]);
    await stopped;
    expect(q.handedBack).toEqual([7, 8]);
    expect(q.running.size).toBe(0);
  });

  it('holds instead of claiming while the worker asks it to; wakes that came before do not cut a forgetting hold short', async () => {
    let holding = true;
    const q = queueOf([1], { hold: async () => (holding ? { ms: 500, forgetWakes: true } : null) });
    q.loop.start();
    q.loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    holding = false;
    await vi.advanceTimersByTimeAsync(499);
    expect(q.claims).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(q.claims).toEqual([2]);
    await q.loop.stop();
  });
});
