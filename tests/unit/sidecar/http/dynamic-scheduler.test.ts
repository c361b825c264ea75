import { describe, expect, it } from 'vitest';
import { createDynamicScheduler } from '../../../../sidecar/http/dynamic-scheduler.ts';

/** A scheduler whose "setImmediate" is a list the test runs by hand, and whose clock the jobs advance. */
function harness(maxPending: number, sliceMs: number) {
  let clock = 0;
  const deferred: (() => void)[] = [];
  const scheduler = createDynamicScheduler({ maxPending, sliceMs, now: () => clock, defer: (run) => deferred.push(run) });
  const turn = () => deferred.splice(0).forEach((run) => run());
  return { scheduler, turn, deferred, tick: (ms: number) => (clock += ms) };
}

describe('dynamic scheduler (issue 12, item 2)', () => {
  it('runs nothing while the event loop is still taking requests, then in arrival order', () => {
    const h = harness(10, 100);
    const ran: number[] = [];
    for (let i = 0; i < 3; i++) h.scheduler.submit(() => ran.push(i));
    expect(ran).toEqual([]);
    expect(h.deferred).toHaveLength(1);
    h.turn();
    expect(ran).toEqual([0, 1, 2]);
  });

  it('refuses beyond maxPending until a job is released', () => {
    const h = harness(2, 100);
    const a = h.scheduler.submit(() => {});
    const b = h.scheduler.submit(() => {});
    expect(a && b).toBeTruthy();
    expect(h.scheduler.submit(() => {})).toBeNull();
    h.turn();
    // Run but not released (a response still being written): still counted.
    expect(h.scheduler.submit(() => {})).toBeNull();
    a!();
    a!(); // releasing twice counts once
    expect(h.scheduler.pending).toBe(1);
    expect(h.scheduler.submit(() => {})).not.toBeNull();
  });

  it('yields to I/O after sliceMs of work and goes on in the next turn', () => {
    const h = harness(100, 4);
    const ran: number[] = [];
    for (let i = 0; i < 5; i++)
      h.scheduler.submit(() => {
        ran.push(i);
        h.tick(3);
      });
    h.turn();
    expect(ran).toEqual([0, 1]);
    expect(h.deferred).toHaveLength(1);
    h.turn();
    expect(ran).toEqual([0, 1, 2, 3]);
    h.turn();
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    expect(h.deferred).toHaveLength(0);
  });
});
